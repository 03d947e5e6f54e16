import { useState } from 'react';
import { Alert, Button, Checkbox, Group, List, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  CASO_MESSAGES,
  CONVENIO_DATOS_LABELS,
  CONVENIO_MESSAGES,
  CONVENIO_TEMPLATES,
  datosAdicionalesDe,
  errorDeCbu,
  normalizarCbu,
  PORTAL_CONVENIO_OFICINA,
  PORTAL_EMAIL_ENLACE,
  type ConvenioBody,
  type ConvenioDatoAdicional,
  type ConvenioPublicado,
  type Tercero,
} from '@siniestros/domain';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify';
import { EnlaceAcciones } from '../../../components/EnlaceAcciones';
import { useDownloadConvenios } from '../api/download-convenios';
import { usePublicarConvenio } from '../api/publicar-convenio';
import { useSaveTerceroCbu } from '../api/save-tercero-cbu';

type Extra = Partial<Record<ConvenioDatoAdicional, string>>;

const PLACEHOLDERS: Record<ConvenioDatoAdicional | 'cbu', string> = {
  titular_nombre: 'Nombre Apellido',
  titular_documento: 'DNI 12.345.678',
  caracter: 'conductor autorizado',
  apoderado_nombre: 'Nombre Apellido',
  apoderado_documento: 'DNI 25.111.222',
  poder: 'escritura N°, fecha, escribano y registro',
  cbu: '22 dígitos',
};

const terceroLabel = (tercero: Tercero) =>
  [`${tercero.nombre ?? ''} ${tercero.apellido}`.trim(), tercero.dominio].filter(Boolean).join(' — ');

/**
 * Spec §4 status 5 'Seleccionar Convenios': a checklist of the 9 templates, downloaded as one zip or
 * published to the third party's portal (issue 42 item 7); with several third parties the set is for
 * the one chosen here. `soloPublicar`: opened from the portal panel (status 5 or 6), it only publishes.
 */
export function ConveniosDialog({
  idCaso,
  terceros,
  idTercero: idTerceroInicial,
  soloPublicar = false,
  onClose,
}: {
  idCaso: number;
  terceros: Tercero[];
  idTercero?: number;
  soloPublicar?: boolean;
  onClose: () => void;
}) {
  const [publicado, setPublicado] = useState<ConvenioPublicado | null>(null);
  return (
    <Modal
      opened
      onClose={onClose}
      title={soloPublicar || publicado ? PORTAL_CONVENIO_OFICINA.publicarTitulo : 'Seleccionar Convenios'}
      centered
    >
      {publicado ? (
        <Publicado publicado={publicado} onClose={onClose} />
      ) : (
        <Seleccion
          idCaso={idCaso}
          terceros={terceros}
          idTerceroInicial={idTerceroInicial}
          soloPublicar={soloPublicar}
          onClose={onClose}
          onPublicado={setPublicado}
        />
      )}
    </Modal>
  );
}

function Seleccion({
  idCaso,
  terceros,
  idTerceroInicial,
  soloPublicar,
  onClose,
  onPublicado,
}: {
  idCaso: number;
  terceros: Tercero[];
  idTerceroInicial?: number;
  soloPublicar: boolean;
  onClose: () => void;
  onPublicado: (publicado: ConvenioPublicado) => void;
}) {
  const [selected, setSelected] = useState<string[]>([]);
  const [idTercero, setIdTercero] = useState<string | null>(
    idTerceroInicial !== undefined ? String(idTerceroInicial) : terceros.length === 1 ? String(terceros[0]!.id) : null,
  );
  const [extra, setExtra] = useState<Extra>({});
  const [cbus, setCbus] = useState<Record<string, string>>({});
  const [showErrors, setShowErrors] = useState(false);
  const download = useDownloadConvenios(idCaso);
  const publicar = usePublicarConvenio(idCaso);
  const saveCbu = useSaveTerceroCbu(idCaso);
  const needsTercero = terceros.length > 1 && idTercero === null;
  const tercero = terceros.find((candidate) => String(candidate.id) === idTercero);
  // The payee's account starts as the third party's stored CBU; what is typed here is sent instead.
  const cbu = idTercero === null ? '' : (cbus[idTercero] ?? tercero?.cbu ?? '');
  const adicionales = datosAdicionalesDe(selected);
  const errorOf = (campo: ConvenioDatoAdicional) =>
    showErrors && !extra[campo]?.trim() ? CONVENIO_MESSAGES.required(CONVENIO_DATOS_LABELS[campo]) : null;
  const cbuError = showErrors && normalizarCbu(cbu) === null ? (cbu.trim() ? errorDeCbu(cbu) : CONVENIO_MESSAGES.noCbu) : null;
  const isBusy = download.isPending || publicar.isPending;

  /** The request both buttons send, or null (and the errors shown) while something is missing. */
  const request = (): ConvenioBody | null => {
    if (selected.length === 0 || needsTercero) {
      notifyError(selected.length === 0 ? CONVENIO_MESSAGES.noneSelected : CONVENIO_MESSAGES.chooseTercero);
      return null;
    }
    setShowErrors(true);
    if (adicionales.some((campo) => !extra[campo]?.trim()) || normalizarCbu(cbu) === null) return null;
    const datos = Object.fromEntries(adicionales.map((campo) => [campo, extra[campo]!.trim()]));
    return { convenioFile: selected, ...(idTercero ? { id_tercero: Number(idTercero) } : {}), ...datos, cbu };
  };

  // A CBU typed here is the third party's from now on (the payment order starts from it, docs/decisions/082).
  const keepCbu = () => {
    const typed = normalizarCbu(cbu);
    if (tercero && typed && typed !== normalizarCbu(tercero.cbu ?? '')) saveCbu.mutate({ tercero, cbu: typed });
  };

  const descargar = () => {
    const body = request();
    if (!body) return;
    download.mutate(body, {
      onSuccess: () => {
        notifySuccess(CONVENIO_MESSAGES.downloaded);
        keepCbu();
        onClose();
      },
      onError: (error) => notifyApiError(error, CASO_MESSAGES.loadError),
    });
  };

  const publicarEnPortal = () => {
    const body = request();
    if (!body) return;
    publicar.mutate(body, {
      onSuccess: (respuesta) => {
        keepCbu();
        onPublicado(respuesta);
      },
    });
  };

  return (
    <Stack>
      {terceros.length > 1 && (
        <Select
          label="Tercero"
          placeholder="Seleccione el tercero"
          required
          data={terceros.map((tercero) => ({ value: String(tercero.id), label: terceroLabel(tercero) }))}
          value={idTercero}
          onChange={setIdTercero}
        />
      )}
      <Checkbox.Group label="Convenios" value={selected} onChange={setSelected}>
        <Stack gap="xs" mt="xs">
          {CONVENIO_TEMPLATES.map((template) => (
            <Checkbox key={template.id} value={template.nombre} label={template.nombre} />
          ))}
        </Stack>
      </Checkbox.Group>
      {adicionales.map((campo) => (
        <TextInput
          key={campo}
          label={CONVENIO_DATOS_LABELS[campo]}
          placeholder={PLACEHOLDERS[campo]}
          required
          maxLength={campo === 'poder' ? 300 : 150}
          value={extra[campo] ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setExtra((current) => ({ ...current, [campo]: value }));
          }}
          error={errorOf(campo)}
        />
      ))}
      {idTercero !== null && (
        <TextInput
          label={CONVENIO_DATOS_LABELS.cbu}
          placeholder={PLACEHOLDERS.cbu}
          required
          inputMode="numeric"
          maxLength={50}
          value={cbu}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setCbus((current) => ({ ...current, [idTercero]: value }));
          }}
          error={cbuError}
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button
          variant={soloPublicar ? 'filled' : 'light'}
          onClick={publicarEnPortal}
          disabled={selected.length === 0 || needsTercero || (isBusy && !publicar.isPending)}
          loading={publicar.isPending}
        >
          {PORTAL_CONVENIO_OFICINA.publicar}
        </Button>
        {!soloPublicar && (
          <Button
            onClick={descargar}
            disabled={selected.length === 0 || needsTercero || (isBusy && !download.isPending)}
            loading={download.isPending}
          >
            Descargar
          </Button>
        )}
      </Group>
    </Stack>
  );
}

const AVISO_SIN_ENLACE: Record<ConvenioPublicado['email'], string> = {
  enviado: PORTAL_CONVENIO_OFICINA.avisoEnviado,
  sin_correo: PORTAL_CONVENIO_OFICINA.avisoSinCorreo,
  sin_smtp: PORTAL_CONVENIO_OFICINA.avisoSinSmtp,
  error: PORTAL_CONVENIO_OFICINA.avisoError,
};

/**
 * What was published and how the claimant learns of it: with a live link, the notice e-mailed (or
 * what to do without one); without, the new link shown once, as after a request.
 */
function Publicado({ publicado, onClose }: { publicado: ConvenioPublicado; onClose: () => void }) {
  const { enlace, email } = publicado;
  const isCorreoFallido = email !== 'enviado';
  const emailTexto = enlace ? PORTAL_EMAIL_ENLACE[email] : AVISO_SIN_ENLACE[email];
  return (
    <Stack>
      <Alert color={isCorreoFallido ? 'yellow' : 'green'} title={publicado.message}>
        <Stack gap={4}>
          <Text size="sm">{enlace ? PORTAL_CONVENIO_OFICINA.enlaceNuevo : PORTAL_CONVENIO_OFICINA.enlaceVigente}</Text>
          {emailTexto && emailTexto !== publicado.message && <Text size="sm">{emailTexto}</Text>}
          {!publicado.pdf && <Text size="sm">{PORTAL_CONVENIO_OFICINA.sinPdf}</Text>}
        </Stack>
      </Alert>
      <List size="sm" spacing={2} aria-label="Archivos publicados">
        {publicado.convenio.archivos.map((archivo) => (
          <List.Item key={archivo.id}>{archivo.nombre}</List.Item>
        ))}
      </List>
      {enlace && <EnlaceAcciones enlace={enlace} whatsapp={publicado.whatsapp} />}
      <Group justify="flex-end">
        <Button onClick={onClose}>Cerrar</Button>
      </Group>
    </Stack>
  );
}
