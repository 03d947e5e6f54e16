import {
  AUDIT_ACTION,
  AUDIT_ENTITY,
  COMPARTIR_VISTAS,
  MAX_VISTAS_POR_USUARIO,
  ROL,
  VISTA_MESSAGES,
  leerFiltroGuardado,
  type AjustesVistas,
  type Rol,
  type Vistas,
  type VistaCreateInput,
  type VistaUpdateInput,
} from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import type { AuditActor, AuditService } from '../audit';
import { conflict, forbidden, notFound, unprocessable } from '../../shared/errors';
import { isUniqueViolation } from '../../shared/pg-errors';
import { vistasRepository as repo } from './vistas.repository';

/** Who asks: their id and role. */
export type Usuario = { id: number; rol: Rol };

export type VistasService = ReturnType<typeof createVistasService>;

/**
 * Saved views of the case list (issue 44 item 1, docs/decisions/096). A view is its author's:
 * another user's personal view does not exist for the caller (404); a shared one is read-only
 * for everyone else (403). Sharing needs the Admin's setting (only Admins, or everyone).
 */
export function createVistasService(deps: { db: Db; audit: Pick<AuditService, 'record'> }) {
  const { db, audit } = deps;

  const puedeCompartir = (usuario: Usuario, compartir: string) => usuario.rol === ROL.ADMIN || compartir === COMPARTIR_VISTAS.TODOS;

  async function listar(db_: DbOrTx, usuario: Usuario): Promise<Vistas> {
    const [vistas, compartir] = await Promise.all([repo.visibles(db_, usuario.id), repo.compartir(db_)]);
    return {
      vistas: vistas.map((vista) => ({ ...vista, filtro: leerFiltroGuardado(vista.filtro) })),
      puedeCompartir: puedeCompartir(usuario, compartir),
      compartir: compartir as AjustesVistas['compartir'],
    };
  }

  /** The caller's view, or the error the caller gets for it. */
  async function propia(tx: DbOrTx, id: number, usuario: Usuario) {
    const vista = await repo.vista(tx, id);
    if (!vista || (vista.id_usuario !== usuario.id && !vista.compartida)) throw notFound(VISTA_MESSAGES.notFound);
    if (vista.id_usuario !== usuario.id) throw forbidden(VISTA_MESSAGES.soloLectura);
    return vista;
  }

  const nombreRepetido = (error: unknown) => {
    if (isUniqueViolation(error))
      return conflict(VISTA_MESSAGES.nombreRepetido, [{ path: 'nombre', message: VISTA_MESSAGES.nombreRepetido }]);
    return error;
  };

  async function saved(usuario: Usuario, id: number, message: string) {
    const data = (await listar(db, usuario)).vistas.find((vista) => vista.id === id)!;
    return { message, data };
  }

  return {
    listar: (usuario: Usuario) => listar(db, usuario),

    async crear(input: VistaCreateInput, usuario: Usuario) {
      const id = await db.transaction(async (tx) => {
        await repo.lockUsuario(tx, usuario.id);
        if (input.compartida && !puedeCompartir(usuario, await repo.compartir(tx))) throw forbidden(VISTA_MESSAGES.noPuedeCompartir);
        if ((await repo.cuantas(tx, usuario.id)) >= MAX_VISTAS_POR_USUARIO) throw unprocessable(VISTA_MESSAGES.demasiadas);
        try {
          return await repo.insert(tx, {
            id_usuario: usuario.id,
            nombre: input.nombre,
            compartida: input.compartida,
            filtro: input.filtro,
          });
        } catch (error) {
          throw nombreRepetido(error);
        }
      });
      return saved(usuario, id, VISTA_MESSAGES.creada);
    },

    async actualizar(id: number, input: VistaUpdateInput, usuario: Usuario) {
      await db.transaction(async (tx) => {
        const vista = await propia(tx, id, usuario);
        if (input.compartida && !vista.compartida && !puedeCompartir(usuario, await repo.compartir(tx)))
          throw forbidden(VISTA_MESSAGES.noPuedeCompartir);
        try {
          await repo.update(tx, id, { nombre: input.nombre, compartida: input.compartida });
        } catch (error) {
          throw nombreRepetido(error);
        }
        if (input.compartida === false) await repo.quitarPredeterminadaAjena(tx, id, usuario.id);
      });
      return saved(usuario, id, VISTA_MESSAGES.actualizada);
    },

    async eliminar(id: number, usuario: Usuario) {
      await db.transaction(async (tx) => {
        await propia(tx, id, usuario);
        await repo.delete(tx, id);
      });
      return { message: VISTA_MESSAGES.eliminada };
    },

    /** Any view the caller sees may be their default; null: none. */
    async predeterminada(id: number | null, usuario: Usuario) {
      await db.transaction(async (tx) => {
        if (id !== null) {
          const vista = await repo.vista(tx, id);
          if (!vista || (vista.id_usuario !== usuario.id && !vista.compartida)) throw notFound(VISTA_MESSAGES.notFound);
        }
        await repo.setPredeterminada(tx, usuario.id, id);
      });
      return { message: VISTA_MESSAGES.predeterminadaGuardada };
    },

    async guardarAjustes(input: AjustesVistas, who: AuditActor) {
      return db.transaction(async (tx) => {
        const before = await repo.compartir(tx);
        await repo.setCompartir(tx, input.compartir);
        await audit.record(tx, {
          ...who,
          action: AUDIT_ACTION.vistasAjustes,
          entity: AUDIT_ENTITY.ajustesVistas,
          entityId: 1,
          changes: { compartir: [before, input.compartir] },
        });
        return { ...input, message: VISTA_MESSAGES.ajustesGuardados };
      });
    },
  };
}
