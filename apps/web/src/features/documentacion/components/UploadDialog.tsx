import { useRef, useState } from 'react';
import { ActionIcon, Button, FileButton, Group, Modal, Paper, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconFile, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { ALLOWED_EXTENSIONS, DOCUMENTACION_MESSAGES, UPLOAD_DOC_TYPES } from '@siniestros/domain';

type Props = {
  opened: boolean;
  onClose: () => void;
  onUpload: (files: { file: File; tipo: string }[]) => Promise<void> | void;
  title?: string;
};

type PickedFile = { key: number; file: File; tipo: string | null };

const ACCEPT = ALLOWED_EXTENSIONS.map((extension) => `.${extension}`).join(',');
const TIPO_OPTIONS = [...UPLOAD_DOC_TYPES];

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Spec §2 'Agregar archivos' / 'Subir Doc': pick several files and give each a document type;
 * 'Subir archivos' appears only when every file has one (spec §5, upload).
 * The dialog closes and forgets the files once `onUpload` resolves; when it throws, they stay.
 */
export function UploadDialog({ opened, onClose, onUpload, title = 'Subir archivos' }: Props) {
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const [isUploading, setIsUploading] = useState(false);
  const nextKey = useRef(1);
  const resetRef = useRef<() => void>(null);

  const close = () => {
    if (isUploading) return;
    setPicked([]);
    onClose();
  };

  const add = (files: File[]) => {
    setPicked((current) => [...current, ...files.map((file) => ({ key: nextKey.current++, file, tipo: null }))]);
    resetRef.current?.();
  };

  const setTipo = (key: number, tipo: string | null) =>
    setPicked((current) => current.map((item) => (item.key === key ? { ...item, tipo } : item)));
  const remove = (key: number) => setPicked((current) => current.filter((item) => item.key !== key));

  const isReady = picked.length > 0 && picked.every((item) => item.tipo);

  const upload = async () => {
    if (!isReady) return;
    setIsUploading(true);
    try {
      await onUpload(picked.map((item) => ({ file: item.file, tipo: item.tipo! })));
      setPicked([]);
      onClose();
    } catch {
      // The caller reported the failure; the files stay so the person can retry.
    } finally {
      setIsUploading(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" centered>
      <Stack gap="sm">
        <Group justify="space-between">
          <FileButton onChange={add} multiple accept={ACCEPT} resetRef={resetRef}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconPaperclip size={16} />}>
                Seleccionar archivos
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {picked.length === 0 ? DOCUMENTACION_MESSAGES.noFiles : `${picked.length} archivo${picked.length === 1 ? '' : 's'}`}
          </Text>
        </Group>
        {picked.length > 0 && (
          <Stack gap={6} role="list" aria-label="Archivos seleccionados">
            {picked.map((item) => (
              <Paper key={item.key} withBorder p={6} px="xs" role="listitem">
                <Group gap="xs" wrap="nowrap">
                  <IconFile size={18} stroke={1.5} style={{ flexShrink: 0 }} />
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" truncate="end" title={item.file.name}>
                      {item.file.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {fileSize(item.file.size)}
                    </Text>
                  </Stack>
                  <Select
                    w={190}
                    size="xs"
                    placeholder="Tipo de documento"
                    aria-label={`Tipo de ${item.file.name}`}
                    data={TIPO_OPTIONS}
                    value={item.tipo}
                    onChange={(tipo) => setTipo(item.key, tipo)}
                    searchable
                    error={!item.tipo}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <Tooltip label="Quitar">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Quitar ${item.file.name}`}
                      onClick={() => remove(item.key)}
                      disabled={isUploading}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        {picked.length > 0 && !isReady && (
          <Text size="xs" c="dimmed">
            {DOCUMENTACION_MESSAGES.missingType}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={isUploading}>
            Cancelar
          </Button>
          {isReady && (
            <Button onClick={upload} loading={isUploading}>
              Subir archivos
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
