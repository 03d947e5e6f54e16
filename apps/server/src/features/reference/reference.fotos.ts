import { asc, eq } from 'drizzle-orm';
import { AUDIT_ACTION, AUDIT_ENTITY, INSPECCION_FOTOS_MESSAGES, type FotoChecklistInput, type FotoChecklistItem } from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import { fotoChecklist } from '../../db/tables/reference';
import { notFound } from '../../shared/errors';
import { changesBetween, type AuditActor, type AuditService } from '../audit';

const ITEM = { id: fotoChecklist.id, nombre: fotoChecklist.nombre, orden: fotoChecklist.orden, multiple: fotoChecklist.multiple, activo: fotoChecklist.activo };
const FIELDS = ['nombre', 'orden', 'multiple', 'activo'] as const;

/** The inspection's photo checklist (issue 43 item 4): every item by `orden`, the inactive ones too. */
export const fotoChecklistRepository = {
  list: (db: DbOrTx): Promise<FotoChecklistItem[]> => db.select(ITEM).from(fotoChecklist).orderBy(asc(fotoChecklist.orden), asc(fotoChecklist.id)),

  async find(db: DbOrTx, id: number, lock = false): Promise<FotoChecklistItem | undefined> {
    const query = db.select(ITEM).from(fotoChecklist).where(eq(fotoChecklist.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },
};

export type FotoChecklistService = ReturnType<typeof createFotoChecklistService>;

/** 'Checklist de fotos': anyone signed in reads it (the inspector's close screen), an Admin changes it, with an audit row. */
export function createFotoChecklistService(db: Db, deps: { audit: AuditService }) {
  const { audit } = deps;
  return {
    list: () => fotoChecklistRepository.list(db),

    async create(input: FotoChecklistInput, who: AuditActor): Promise<FotoChecklistItem> {
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(fotoChecklist).values(input).returning(ITEM);
        await audit.record(tx, { ...who, action: AUDIT_ACTION.referenceCreated, entity: AUDIT_ENTITY.fotoChecklist, entityId: created!.id, changes: changesBetween({}, created!, FIELDS) });
        return created!;
      });
    },

    /** Only the fields sent change. */
    async update(id: number, input: Partial<FotoChecklistInput>, who: AuditActor): Promise<FotoChecklistItem> {
      return db.transaction(async (tx) => {
        const before = await fotoChecklistRepository.find(tx, id, true);
        if (!before) throw notFound(INSPECCION_FOTOS_MESSAGES.itemNoExiste);
        const values = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
        const [updated] = Object.keys(values).length > 0 ? await tx.update(fotoChecklist).set(values).where(eq(fotoChecklist.id, id)).returning(ITEM) : [before];
        await audit.record(tx, { ...who, action: AUDIT_ACTION.referenceUpdated, entity: AUDIT_ENTITY.fotoChecklist, entityId: id, changes: changesBetween(before, updated!, FIELDS) });
        return updated!;
      });
    },
  };
}
