import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { ActionIcon, Button, Checkbox, FileButton, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCamera, IconCircleCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { INSPECCION_FOTOS, INSPECCION_FOTOS_MESSAGES, INSPECCION_FOTOS_TEXTOS as T, type FotoChecklistItem } from '@siniestros/domain';
import { notifyError } from '../../../../lib/notify';
import { prepararFoto, ubicacionActual, type FotoTomada } from './preparar-foto';

type Props = {
  /** The active checklist items, in order. */
  items: readonly FotoChecklistItem[];
  fotos: FotoTomada[];
  setFotos: Dispatch<SetStateAction<FotoTomada[]>>;
  guardarUbicacion: boolean;
  onGuardarUbicacion: (value: boolean) => void;
  /** The compression and the position (the browser's by default; a component test gives its own). */
  preparar?: typeof prepararFoto;
  ubicar?: typeof ubicacionActual;
};

let siguiente = 0;
const ACCEPT = 'image/*';

/**
 * The close screen's 'Fotos' (issue 43 item 4): one row per checklist item with its camera
 * button, a thumbnail per photo taken (retake or remove), more for the items that allow several,
 * and 'Agregar otra foto' for extras; 'X de Y fotos' counts the items done.
 */
export function FotosChecklist({ items, fotos, setFotos, guardarUbicacion, onGuardarUbicacion, preparar = prepararFoto, ubicar = ubicacionActual }: Props) {
  const [procesando, setProcesando] = useState<ReadonlySet<string>>(new Set());
  const hechos = items.filter((item) => fotos.some((foto) => foto.idChecklist === item.id)).length;

  // The thumbnails' object URLs go with the screen.
  const vigentes = useRef(fotos);
  useEffect(() => {
    vigentes.current = fotos;
  }, [fotos]);
  useEffect(() => () => vigentes.current.forEach((foto) => URL.revokeObjectURL(foto.url)), []);

  async function tomar(fila: string, idChecklist: number | null, archivo: File | null, reemplaza?: FotoTomada) {
    if (!archivo) return;
    setProcesando((actual) => new Set(actual).add(fila));
    try {
      const [lista, lugar] = await Promise.all([preparar(archivo), guardarUbicacion ? ubicar() : Promise.resolve(null)]);
      if (guardarUbicacion && !lugar) notifyError(T.sinUbicacion);
      const nueva: FotoTomada = {
        clave: `foto-${++siguiente}`,
        idChecklist,
        archivo: lista.archivo,
        url: URL.createObjectURL(lista.archivo),
        capturadaEn: lista.capturadaEn,
        latitud: lugar?.latitud ?? null,
        longitud: lugar?.longitud ?? null,
      };
      setFotos((actuales) => {
        if (!reemplaza) return [...actuales, nueva];
        URL.revokeObjectURL(reemplaza.url);
        return actuales.map((foto) => (foto.clave === reemplaza.clave ? nueva : foto));
      });
    } catch {
      notifyError(T.errorProceso);
    } finally {
      setProcesando((actual) => {
        const next = new Set(actual);
        next.delete(fila);
        return next;
      });
    }
  }

  const quitar = (foto: FotoTomada) => {
    URL.revokeObjectURL(foto.url);
    setFotos((actuales) => actuales.filter((other) => other.clave !== foto.clave));
  };

  const lleno = fotos.length >= INSPECCION_FOTOS.max;
  const fila = (clave: string, nombre: string, idChecklist: number | null, multiple: boolean) => {
    const propias = fotos.filter((foto) => foto.idChecklist === idChecklist);
    const puedeAgregar = (multiple || propias.length === 0) && !lleno;
    const etiquetaBoton = idChecklist === null ? T.agregarOtra : propias.length > 0 ? T.otraDelItem : T.tomar;
    return (
      <Stack key={clave} gap={6} py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} data-testid={`fotos-${clave}`}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap">
            {propias.length > 0 && idChecklist !== null && <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden />}
            <Text fw={500}>{nombre}</Text>
          </Group>
          {procesando.has(clave) ? (
            <Group gap={6} wrap="nowrap">
              <Loader size="xs" />
              <Text size="sm">{T.procesando}</Text>
            </Group>
          ) : (
            puedeAgregar && (
              <FileButton onChange={(archivo) => void tomar(clave, idChecklist, archivo)} accept={ACCEPT} capture="environment">
                {(props) => (
                  <Button {...props} size="xs" variant="light" leftSection={idChecklist === null ? <IconPlus size={14} /> : <IconCamera size={14} />} aria-label={`${etiquetaBoton}: ${nombre}`}>
                    {etiquetaBoton}
                  </Button>
                )}
              </FileButton>
            )
          )}
        </Group>
        {propias.length > 0 && (
          <Group gap="sm">
            {propias.map((foto, index) => {
              const nombreFoto = propias.length > 1 ? `${nombre} ${index + 1}` : nombre;
              return (
                <Stack key={foto.clave} gap={4} align="center">
                  <Image src={foto.url} alt={`Foto: ${nombreFoto}`} w={88} h={66} fit="cover" radius="sm" />
                  <Group gap={4} wrap="nowrap">
                    <FileButton onChange={(archivo) => void tomar(clave, idChecklist, archivo, foto)} accept={ACCEPT} capture="environment">
                      {(props) => (
                        <ActionIcon {...props} variant="subtle" aria-label={`${T.rehacer}: ${nombreFoto}`}>
                          <IconCamera size={16} />
                        </ActionIcon>
                      )}
                    </FileButton>
                    <ActionIcon variant="subtle" color="red" aria-label={`${T.quitar}: ${nombreFoto}`} onClick={() => quitar(foto)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Stack>
              );
            })}
          </Group>
        )}
      </Stack>
    );
  };

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="fotos-titulo">
      <Group justify="space-between" mb={4}>
        <Title order={5} id="fotos-titulo">
          {T.titulo}
        </Title>
        <Text size="sm" aria-live="polite">
          {T.contador(hechos, items.length)}
        </Text>
      </Group>
      <Checkbox label={T.guardarUbicacion} checked={guardarUbicacion} onChange={(event) => onGuardarUbicacion(event.currentTarget.checked)} mb="xs" />
      {items.map((item) => fila(`item-${item.id}`, item.nombre, item.id, item.multiple))}
      {fila('extras', T.extras, null, true)}
      {lleno && (
        <Text size="sm" c="dimmed">
          {INSPECCION_FOTOS_MESSAGES.demasiadas}
        </Text>
      )}
    </Paper>
  );
}
