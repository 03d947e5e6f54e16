import { useState } from 'react';
import { Alert, Button, Checkbox, Divider, Group, Modal, Select, Stack, Text } from '@mantine/core';
import {
  PORTAL_CONDICIONES,
  PORTAL_EMAIL_ENLACE,
  PORTAL_ITEM_ESTADOS,
  PORTAL_MESSAGES,
  type PedidoRespuesta,
  type PortalAplicable,
  type PortalDelCaso,
} from '@siniestros/domain';
import { DialogActions } from '../../../components/DialogActions';
import { useAppConfig } from '../../auth';
import { usePedirDocumentacion } from '../api/portal-caso';
import { type CartaDatos } from '../../../components/CartaPedido';
import { EnlaceAcciones } from '../../../components/EnlaceAcciones';
import { fechaAr } from './fechas';

type TerceroPortal = PortalDelCaso['terceros'][number];
/** The two conditions the handler states when asking (the others come from the case). */
export type Condiciones = { destruccion_total: boolean; no_titular: boolean };

/** Whether a requirement applies with the conditions as the dialog states them. */
export function aplicaCon(aplicable: PortalAplicable, condiciones: Condiciones): boolean {
  if (aplicable.condicion === 'destruccion_total') return condiciones.destruccion_total;
  if (aplicable.condicion === 'no_titular') return condiciones.no_titular;
  return aplicable.aplica;
}

/** Still missing: never asked, or asked and not sent (pendiente) or sent again after a rejection is due (rechazado). */
const falta = (aplicable: PortalAplicable) =>
  aplicable.estado === null || aplicable.estado === 'pendiente' || aplicable.estado === 'rechazado';

/** The requirements pre-selected: those that apply and are missing. */
export function preseleccion(aplicables: readonly PortalAplicable[], condiciones: Condiciones): string[] {
  return aplicables
    .filter((aplicable) => aplicaCon(aplicable, condiciones) && falta(aplicable))
    .map((aplicable) => String(aplicable.id_requisito));
}

type Enviado = { respuesta: PedidoRespuesta; carta: CartaDatos };

/**
 * 'Pedir documentación' (issue 42 item 2), from the case in any status: the third party, what to
 * ask (the missing requirements pre-selected), the conditions and how it goes. The answer's link is
 * shown here once (the server keeps only its hash), with 'Copiar enlace', WhatsApp and the letter.
 */
export function PedirDocumentacionDialog({
  idCaso,
  reclamo,
  compania,
  terceros,
  idTercero,
  onClose,
}: {
  idCaso: number;
  reclamo: string;
  compania: string;
  terceros: readonly TerceroPortal[];
  idTercero?: number;
  onClose: () => void;
}) {
  const [enviado, setEnviado] = useState<Enviado | null>(null);
  return (
    <Modal opened onClose={onClose} title="Pedir documentación" size="lg" centered>
      {enviado ? (
        <Resultado enviado={enviado} onClose={onClose} />
      ) : (
        <Pedido
          idCaso={idCaso}
          reclamo={reclamo}
          compania={compania}
          terceros={terceros}
          idTercero={idTercero}
          onClose={onClose}
          onEnviado={setEnviado}
        />
      )}
    </Modal>
  );
}

function Pedido({
  idCaso,
  reclamo,
  compania,
  terceros,
  idTercero,
  onClose,
  onEnviado,
}: {
  idCaso: number;
  reclamo: string;
  compania: string;
  terceros: readonly TerceroPortal[];
  idTercero?: number;
  onClose: () => void;
  onEnviado: (enviado: Enviado) => void;
}) {
  const pedir = usePedirDocumentacion(idCaso);
  const oficina = useAppConfig().data?.orgName ?? '';
  const inicial = terceros.find((tercero) => tercero.id_tercero === idTercero) ?? terceros[0]!;
  const [tercero, setTercero] = useState<TerceroPortal>(inicial);
  const condicionesDe = (de: TerceroPortal): Condiciones => ({
    destruccion_total: de.condiciones.destruccion_total,
    no_titular: de.condiciones.no_titular,
  });
  const [condiciones, setCondiciones] = useState<Condiciones>(condicionesDe(inicial));
  const [elegidos, setElegidos] = useState<string[]>(() => preseleccion(inicial.aplicables, condicionesDe(inicial)));
  const [porCorreo, setPorCorreo] = useState(Boolean(inicial.mail));
  const [porWhatsapp, setPorWhatsapp] = useState(false);
  const [porCarta, setPorCarta] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const elegirTercero = (value: string | null) => {
    const nuevo = terceros.find((candidato) => String(candidato.id_tercero) === value);
    if (!nuevo) return;
    setTercero(nuevo);
    setCondiciones(condicionesDe(nuevo));
    setElegidos(preseleccion(nuevo.aplicables, condicionesDe(nuevo)));
    setPorCorreo(Boolean(nuevo.mail));
  };

  // A condition stated or withdrawn adds its missing requirements to the request or takes them out.
  const cambiarCondicion = (condicion: keyof Condiciones, valor: boolean) => {
    const nuevas = { ...condiciones, [condicion]: valor };
    setCondiciones(nuevas);
    const afectados = tercero.aplicables
      .filter((aplicable) => aplicable.condicion === condicion && falta(aplicable))
      .map((aplicable) => String(aplicable.id_requisito));
    setElegidos((actuales) => (valor ? [...new Set([...actuales, ...afectados])] : actuales.filter((id) => !afectados.includes(id))));
  };

  const aplican = tercero.aplicables.filter((aplicable) => aplicaCon(aplicable, condiciones));
  const otros = tercero.aplicables.filter((aplicable) => !aplicaCon(aplicable, condiciones));

  const enviar = () => {
    if (elegidos.length === 0) return setError(PORTAL_MESSAGES.sinItems);
    setError(null);
    const canales = [...(porWhatsapp ? (['whatsapp'] as const) : []), ...(porCarta ? (['carta'] as const) : [])];
    const items = tercero.aplicables.filter((aplicable) => elegidos.includes(String(aplicable.id_requisito)));
    pedir.mutate(
      {
        id_tercero: tercero.id_tercero,
        requisitos: items.map((item) => item.id_requisito),
        destruccion_total: condiciones.destruccion_total,
        no_titular: condiciones.no_titular,
        email: porCorreo,
        ...(canales.length > 0 ? { canales } : {}),
      },
      {
        onSuccess: (respuesta) =>
          onEnviado({
            respuesta,
            carta: {
              oficina,
              reclamo,
              compania,
              tercero: tercero.nombre,
              items: items.map(({ nombre, explicacion }) => ({ nombre, explicacion })),
              enlace: respuesta.enlace,
              vence: fechaAr(respuesta.expira),
            },
          }),
      },
    );
  };

  const opcion = (aplicable: PortalAplicable) => (
    <Checkbox
      key={aplicable.id_requisito}
      value={String(aplicable.id_requisito)}
      label={aplicable.nombre}
      description={aplicable.estado ? PORTAL_ITEM_ESTADOS[aplicable.estado] : undefined}
    />
  );

  return (
    <form
      noValidate
      aria-label="Pedir documentación"
      onSubmit={(event) => {
        event.preventDefault();
        enviar();
      }}
    >
      <Stack>
        <Select
          label="Tercero"
          allowDeselect={false}
          data={terceros.map((candidato) => ({ value: String(candidato.id_tercero), label: candidato.nombre }))}
          value={String(tercero.id_tercero)}
          onChange={elegirTercero}
        />
        <Stack gap="xs">
          <Checkbox
            label={PORTAL_CONDICIONES.destruccion_total}
            checked={condiciones.destruccion_total}
            onChange={(event) => cambiarCondicion('destruccion_total', event.currentTarget.checked)}
          />
          <Checkbox
            label={PORTAL_CONDICIONES.no_titular}
            checked={condiciones.no_titular}
            onChange={(event) => cambiarCondicion('no_titular', event.currentTarget.checked)}
          />
        </Stack>
        <Checkbox.Group
          label="Documentos a pedir"
          description="Marcados: los que faltan"
          value={elegidos}
          onChange={setElegidos}
          error={error}
        >
          <Stack gap="xs" mt="xs">
            {aplican.length === 0 && (
              <Text size="sm" c="dimmed">
                No hay documentos requeridos para el producto del caso.
              </Text>
            )}
            {aplican.map(opcion)}
            {otros.length > 0 && (
              <>
                <Divider label="Otros documentos (no aplican por las condiciones del caso)" labelPosition="left" />
                {otros.map(opcion)}
              </>
            )}
          </Stack>
        </Checkbox.Group>
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Cómo se lo envía
          </Text>
          <Checkbox
            label="Enviar por correo"
            description={tercero.mail ?? PORTAL_MESSAGES.pedidoSinCorreo}
            disabled={!tercero.mail}
            checked={porCorreo}
            onChange={(event) => setPorCorreo(event.currentTarget.checked)}
          />
          <Checkbox label="Enviar por WhatsApp" checked={porWhatsapp} onChange={(event) => setPorWhatsapp(event.currentTarget.checked)} />
          <Checkbox label="Imprimir carta" checked={porCarta} onChange={(event) => setPorCarta(event.currentTarget.checked)} />
          <Text size="xs" c="dimmed">
            Después de enviar se muestra el enlace para copiar, enviar por WhatsApp o imprimir la carta. Un pedido nuevo reemplaza el enlace
            anterior.
          </Text>
        </Stack>
        <DialogActions onCancel={onClose} isSaving={pedir.isPending} submitLabel="Enviar pedido" />
      </Stack>
    </form>
  );
}

/** The request's outcome and its link, shown once: copy it, open WhatsApp with the message, or print the letter with its QR code. */
function Resultado({ enviado, onClose }: { enviado: Enviado; onClose: () => void }) {
  const { respuesta, carta } = enviado;
  // The server's message may already be the e-mail's outcome ('El correo no está configurado…').
  const emailTexto = PORTAL_EMAIL_ENLACE[respuesta.email] === respuesta.message ? null : PORTAL_EMAIL_ENLACE[respuesta.email];
  const isCorreoFallido = respuesta.email === 'sin_correo' || respuesta.email === 'sin_smtp' || respuesta.email === 'error';

  return (
    <Stack>
      <Alert color={isCorreoFallido ? 'yellow' : 'green'} title={respuesta.message}>
        <Stack gap={4}>
          {emailTexto && <Text size="sm">{emailTexto}</Text>}
          <Text size="sm">El enlace vence el {carta.vence}. Se muestra solo ahora: el sistema no lo guarda.</Text>
        </Stack>
      </Alert>
      <EnlaceAcciones enlace={respuesta.enlace} whatsapp={respuesta.whatsapp} carta={carta} />
      <Group justify="flex-end">
        <Button onClick={onClose}>Cerrar</Button>
      </Group>
    </Stack>
  );
}
