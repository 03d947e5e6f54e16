import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Image,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  PORTAL_CONDICIONES,
  PORTAL_EJEMPLO_MAX_BYTES,
  PORTAL_MESSAGES,
  MSG_REQUIRED,
  portalAjustesSchema,
  UPLOAD_DOC_TYPES,
  type PortalCondicion,
  type Requisito,
} from '@siniestros/domain';
import { DialogActions } from '../../../components/DialogActions';
import { EmptyTableRow, RowActionCell, TableHeader } from '../../../components/ListTableParts';
import { PageTitle } from '../../../components/PageTitle';
import { ApiError } from '../../../lib/api';
import { useProductos } from '../../../lib/lookups';
import { useAjustesPortal, useGuardarAjustesPortal } from '../api/ajustes';
import { ejemploUrl, useGuardarRequisito, useRequisitos } from '../api/requisitos';

export const DOCUMENTACION_REQUERIDA_TITULO = 'Documentación requerida';
const TODOS = 'Todos';
const EJEMPLO_ACCEPT = 'image/jpeg,image/png,image/webp';

type Editing = { mode: 'create' } | { mode: 'edit'; requisito: Requisito } | null;

/**
 * 'Documentación requerida' (/documentacion-requerida, Admin; issue 42 item 1): what each product
 * requires of a third party and when, with the explanation and example picture the claimant sees,
 * and the portal's settings.
 */
export function DocumentacionRequeridaScreen() {
  return (
    <Stack>
      <PageTitle>{DOCUMENTACION_REQUERIDA_TITULO}</PageTitle>
      <RequisitosCard />
      <AjustesPortalCard />
    </Stack>
  );
}

function RequisitosCard() {
  const requisitos = useRequisitos();
  const [editing, setEditing] = useState<Editing>(null);
  // A new example picture has the same address: the list's read time makes the browser fetch it again.
  const version = requisitos.dataUpdatedAt;
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            Documentos que se piden al reclamante
          </Title>
          <Button onClick={() => setEditing({ mode: 'create' })}>Nuevo documento requerido</Button>
        </Group>
        <Text size="sm" c="dimmed">
          Por producto (o para todos), con la condición en que se pide. El reclamante lee el nombre, la explicación y ve la imagen de
          ejemplo.
        </Text>
        {requisitos.isError && <Text c="red">{requisitos.error.message}</Text>}
        <Table.ScrollContainer minWidth={980}>
          <Table striped withTableBorder aria-label={DOCUMENTACION_REQUERIDA_TITULO}>
            <TableHeader
              cells={[
                'Producto',
                'Tipo',
                'Nombre',
                'Condición',
                'Explicación',
                { label: 'Orden', ta: 'right' },
                'Activo',
                'Ejemplo',
                'Acciones',
              ]}
            />
            <Table.Tbody>
              {requisitos.data?.length === 0 && <EmptyTableRow colSpan={9}>Sin documentos requeridos</EmptyTableRow>}
              {requisitos.data?.map((requisito) => (
                <Table.Tr key={requisito.id}>
                  <Table.Td>{requisito.producto ?? TODOS}</Table.Td>
                  <Table.Td>{requisito.tipo}</Table.Td>
                  <Table.Td>{requisito.nombre}</Table.Td>
                  <Table.Td>{PORTAL_CONDICIONES[requisito.condicion]}</Table.Td>
                  <Table.Td maw={280}>
                    <Text size="sm" lineClamp={2} title={requisito.explicacion}>
                      {requisito.explicacion || '-'}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{requisito.orden}</Table.Td>
                  <Table.Td>
                    {requisito.activo ? (
                      'Sí'
                    ) : (
                      <Badge color="gray" variant="light" style={{ textTransform: 'none' }}>
                        Inactivo
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {requisito.tiene_ejemplo ? (
                      <Image src={ejemploUrl(requisito.id, version)} alt={`Ejemplo: ${requisito.nombre}`} h={40} w={56} fit="contain" />
                    ) : (
                      '-'
                    )}
                  </Table.Td>
                  <RowActionCell onClick={() => setEditing({ mode: 'edit', requisito })} label={`Editar ${requisito.nombre}`}>
                    Editar
                  </RowActionCell>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      {editing && <RequisitoDialog requisito={editing.mode === 'edit' ? editing.requisito : undefined} onClose={() => setEditing(null)} />}
    </Card>
  );
}

type RequisitoValues = {
  id_producto: string;
  tipo: string;
  nombre: string;
  condicion: PortalCondicion;
  explicacion: string;
  orden: number | string;
  activo: boolean;
  ejemplo: File | null;
};

const CONDICION_OPTIONS = Object.entries(PORTAL_CONDICIONES).map(([value, label]) => ({ value, label }));

function RequisitoDialog({ requisito, onClose }: { requisito?: Requisito; onClose: () => void }) {
  const productos = useProductos();
  const guardar = useGuardarRequisito();
  const form = useForm<RequisitoValues>({
    initialValues: {
      id_producto: requisito?.id_producto ? String(requisito.id_producto) : '',
      tipo: requisito?.tipo ?? '',
      nombre: requisito?.nombre ?? '',
      condicion: requisito?.condicion ?? 'siempre',
      explicacion: requisito?.explicacion ?? '',
      orden: requisito?.orden ?? 0,
      activo: requisito?.activo ?? true,
      ejemplo: null,
    },
    validate: {
      tipo: (value) => (value ? null : PORTAL_MESSAGES.tipoInvalido),
      nombre: (value) => (value.trim() ? null : MSG_REQUIRED),
      ejemplo: (file) => (file && file.size > PORTAL_EJEMPLO_MAX_BYTES ? PORTAL_MESSAGES.ejemploMuyGrande : null),
    },
  });
  const submit = form.onSubmit((values) =>
    guardar.mutate(
      {
        id: requisito?.id,
        input: {
          id_producto: values.id_producto ? Number(values.id_producto) : null,
          tipo: values.tipo as (typeof UPLOAD_DOC_TYPES)[number],
          nombre: values.nombre.trim(),
          condicion: values.condicion,
          explicacion: values.explicacion.trim(),
          orden: Number(values.orden) || 0,
          activo: values.activo,
        },
        ejemplo: values.ejemplo,
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (error instanceof ApiError)
            for (const fieldError of error.errors) form.setFieldError(fieldError.path.replace(/^\//, ''), fieldError.message);
        },
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={requisito ? 'Editar documento requerido' : 'Nuevo documento requerido'} centered size="lg">
      <form onSubmit={submit} noValidate aria-label={requisito ? 'Editar documento requerido' : 'Nuevo documento requerido'}>
        <Stack>
          <Select
            label="Producto"
            allowDeselect={false}
            searchable
            nothingFoundMessage="Sin resultados"
            data={[
              { value: '', label: TODOS },
              ...(productos.data ?? []).map((producto) => ({ value: String(producto.id), label: producto.nombre })),
            ]}
            {...form.getInputProps('id_producto')}
          />
          <Select
            label="Tipo de documento"
            required
            searchable
            nothingFoundMessage="Sin resultados"
            data={[...UPLOAD_DOC_TYPES]}
            {...form.getInputProps('tipo')}
          />
          <TextInput
            label="Nombre"
            description="Lo que lee el reclamante: 'Foto del frente del vehículo'"
            required
            maxLength={150}
            {...form.getInputProps('nombre')}
          />
          <Select label="Condición" allowDeselect={false} data={CONDICION_OPTIONS} {...form.getInputProps('condicion')} />
          <Textarea
            label="Explicación"
            description="Breve, para el reclamante"
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('explicacion')}
          />
          <NumberInput label="Orden" min={0} max={32000} allowDecimal={false} allowNegative={false} {...form.getInputProps('orden')} />
          <Switch
            label="Activo"
            description="Inactivo: no se ofrece al pedir documentación"
            {...form.getInputProps('activo', { type: 'checkbox' })}
          />
          <FileInput
            label="Imagen de ejemplo"
            description={
              requisito?.tiene_ejemplo
                ? 'Tiene una imagen; elija otra para reemplazarla (JPG, PNG o WebP, hasta 2 MB)'
                : 'JPG, PNG o WebP, hasta 2 MB'
            }
            placeholder="Seleccionar imagen"
            accept={EJEMPLO_ACCEPT}
            clearable
            {...form.getInputProps('ejemplo')}
          />
          <DialogActions onCancel={onClose} isSaving={guardar.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

type AjustesValues = {
  dias_validez: number | string;
  digitos_dni: number | string;
  max_intentos: number | string;
  recordatorios_dias: string;
  firma_electronica: boolean;
};

/** '3, 7, 10' → [3, 7, 10]. */
const diasDe = (texto: string) =>
  texto
    .split(/[,\s]+/)
    .filter(Boolean)
    .map(Number);

/** The portal's settings (portal_ajustes): one row for the office. */
function AjustesPortalCard() {
  const ajustes = useAjustesPortal();
  const guardar = useGuardarAjustesPortal();
  const form = useForm<AjustesValues>({
    initialValues: { dias_validez: 30, digitos_dni: 0, max_intentos: 5, recordatorios_dias: '', firma_electronica: false },
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (!ajustes.data) return;
    const values = { ...ajustes.data, recordatorios_dias: ajustes.data.recordatorios_dias.join(', ') };
    setValues(values);
    resetDirty(values);
    // Only a fresh read of the settings resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ajustes.data]);

  const submit = form.onSubmit((values) => {
    const parsed = portalAjustesSchema.safeParse({ ...values, recordatorios_dias: diasDe(values.recordatorios_dias) });
    if (!parsed.success) {
      form.setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), recordatorioError(issue.path[0], issue.message)])),
      );
      return;
    }
    guardar.mutate(parsed.data);
  });

  return (
    <Card withBorder>
      <form onSubmit={submit} noValidate aria-label="Ajustes del portal">
        <Stack>
          <Title order={2} size="h4">
            Ajustes del portal
          </Title>
          <Group grow align="flex-start" wrap="wrap" preventGrowOverflow={false}>
            <NumberInput
              label="Días de validez del enlace"
              min={1}
              max={365}
              allowDecimal={false}
              miw={200}
              {...form.getInputProps('dias_validez')}
            />
            <NumberInput
              label="Dígitos del DNI que se piden"
              description="0 = el DNI completo"
              min={0}
              max={8}
              allowDecimal={false}
              miw={200}
              {...form.getInputProps('digitos_dni')}
            />
            <NumberInput
              label="Intentos antes de bloquear"
              description="DNI incorrecto, por enlace y por dirección"
              min={1}
              max={20}
              allowDecimal={false}
              miw={200}
              {...form.getInputProps('max_intentos')}
            />
          </Group>
          <TextInput
            label="Días de los recordatorios"
            description="Días después del pedido en que se recuerda lo pendiente, separados por comas (hasta 5). Vacío: sin recordatorios"
            placeholder="3, 7, 10"
            {...form.getInputProps('recordatorios_dias')}
          />
          <Switch
            label="Firma electrónica del convenio"
            description="El reclamante puede aceptar el convenio con su DNI y un código enviado a su correo (Ley 25.506)"
            {...form.getInputProps('firma_electronica', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={guardar.isPending} disabled={!ajustes.data}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function recordatorioError(field: PropertyKey | undefined, message: string): string {
  return field === 'recordatorios_dias' ? 'Escriba hasta 5 números de días entre 1 y 90, separados por comas' : message;
}
