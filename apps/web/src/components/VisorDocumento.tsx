import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ActionIcon, Button, CloseButton, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconArrowRight,
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconRotateClockwise,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useOcuparVisorLateral, VISOR_LATERAL_ID, VISOR_LATERAL_MIN } from '../lib/visor-lateral';
import classes from './VisorDocumento.module.css';

/** A document the viewer can show: its name, its bytes (through the authenticated download route) and its download. */
export type DocumentoVisible = {
  nombre: string;
  cargar: () => Promise<Blob>;
  descargar: () => void;
  /** `cargar` answers an office document (docx, doc, odt) as a PDF: the preview route (decision 099). */
  oficinaComoPdf?: boolean;
};

type Tipo = 'imagen' | 'pdf' | 'otro';

const IMAGEN_RE = /\.(jpe?g|png|webp|gif|bmp)$/i;
const PDF_RE = /\.pdf$/i;
const OFICINA_RE = /\.(docx?|odt)$/i;

/** What the viewer does with a file, by its name (SVG and anything else: only the download). */
export function tipoDeDocumento(nombre: string): Tipo {
  if (PDF_RE.test(nombre)) return 'pdf';
  return IMAGEN_RE.test(nombre) ? 'imagen' : 'otro';
}

type Contenido =
  | { estado: 'cargando' }
  | { estado: 'error' }
  | { estado: 'otro' }
  | { estado: 'imagen'; url: string }
  | { estado: 'pdf'; pdf: PDFDocumentProxy };

const ZOOM_MIN = 0.25;
const ZOOM_MAX = 4;
const ZOOM_PASO = 1.25;

/** Where the frame is: the shell's side column (it takes what the panel leaves), a centered dialog, the whole screen (tools and buttons may take two rows each). */
type Marco = 'columna' | 'dialogo' | 'pantalla';
const ALTO_DEL_MARCO: Record<Marco, React.CSSProperties> = {
  columna: { flex: 1, minHeight: 0 },
  dialogo: { height: '65vh' },
  pantalla: { height: 'calc(100dvh - 300px)' },
};

const porcentaje = (escala: number) => `${Math.round(escala * 100)} %`;

/**
 * The product's one document viewer (issue 44 item 4): pictures and PDFs shown in place, one at a
 * time, with zoom, a picture's rotation, a PDF's pages and the previous/next document; any other
 * type offers the download. pdf.js is loaded only when a PDF is opened (lib/pdf, its own chunk).
 * From 900 px, in the office's shell, it is a side panel beside the page, which stays usable
 * (lib/visor-lateral.ts); below, a full-screen dialog (docs/decisions/104).
 */
export function VisorDocumento({
  documentos,
  inicial,
  onClose,
}: {
  documentos: readonly DocumentoVisible[];
  inicial: number;
  onClose: () => void;
}) {
  const isAncho = useMediaQuery(`(min-width: ${VISOR_LATERAL_MIN})`, true, { getInitialValueInEffect: false });
  const columna = isAncho ? document.getElementById(VISOR_LATERAL_ID) : null;
  useOcuparVisorLateral(columna !== null);
  // Another document chosen in the list while the panel is open is the one shown.
  const [elegido, setElegido] = useState({ inicial, indice: inicial });
  const indice = Math.min(elegido.inicial === inicial ? elegido.indice : inicial, documentos.length - 1);
  const documento = documentos[indice]!;
  const irADocumento = useCallback(
    (destino: number) => setElegido({ inicial, indice: Math.min(Math.max(destino, 0), documentos.length - 1) }),
    [inicial, documentos.length],
  );
  const onPaso = useCallback((paso: number) => irADocumento(indice + paso), [irADocumento, indice]);
  const cuerpo = (
    <>
      {/* Keyed: each document opens fitted, unturned, on its first page. */}
      <VistaDocumento key={indice} documento={documento} marco={columna ? 'columna' : isAncho ? 'dialogo' : 'pantalla'} onPaso={onPaso} />
      <Group justify="space-between" gap="xs" wrap="wrap">
        {documentos.length > 1 ? (
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} disabled={indice === 0} onClick={() => irADocumento(indice - 1)}>
              Anterior
            </Button>
            <Text size="sm" c="dimmed">
              {indice + 1} de {documentos.length}
            </Text>
            <Button
              variant="default"
              rightSection={<IconArrowRight size={16} />}
              disabled={indice === documentos.length - 1}
              onClick={() => irADocumento(indice + 1)}
            >
              Siguiente
            </Button>
          </Group>
        ) : (
          <span />
        )}
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={documento.descargar}>
            Descargar
          </Button>
          <Button onClick={onClose}>Cerrar</Button>
        </Group>
      </Group>
    </>
  );
  if (columna) {
    return createPortal(
      <PanelLateral titulo={documento.nombre} onClose={onClose}>
        {cuerpo}
      </PanelLateral>,
      columna,
    );
  }
  return (
    <Modal opened onClose={onClose} title={documento.nombre} size="xl" fullScreen={!isAncho} centered={isAncho} data-visor>
      <Stack gap="sm">{cuerpo}</Stack>
    </Modal>
  );
}

/**
 * The viewer in the shell's side column: a dialog that is not modal (the page beside it stays
 * usable), focused as it opens and giving the focus back as it closes; Esc closes it from inside.
 */
function PanelLateral({ titulo, onClose, children }: { titulo: string; onClose: () => void; children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const tituloId = useId();
  useEffect(() => {
    const antes = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.focus({ preventScroll: true });
    return () => {
      if (antes?.isConnected) antes.focus({ preventScroll: true });
    };
  }, []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      if (event.target instanceof Node && (ref.current?.contains(event.target) || event.target === document.body)) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);
  return (
    <Stack ref={ref} role="dialog" aria-modal="false" aria-labelledby={tituloId} tabIndex={-1} data-visor h="100%" p="sm" gap="sm" className={classes.panel}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Title order={2} size="h5" id={tituloId} style={{ overflowWrap: 'anywhere' }}>
          {titulo}
        </Title>
        <CloseButton aria-label="Cerrar la vista previa" onClick={onClose} />
      </Group>
      {children}
    </Stack>
  );
}

/** One document: read once, then its tools (pages, zoom, rotation) above the frame that shows it. */
function VistaDocumento({ documento, marco, onPaso }: { documento: DocumentoVisible; marco: Marco; onPaso: (paso: number) => void }) {
  const [tipo] = useState(() => (documento.oficinaComoPdf && OFICINA_RE.test(documento.nombre) ? 'pdf' : tipoDeDocumento(documento.nombre)));
  const [contenido, setContenido] = useState<Contenido>(tipo === 'otro' ? { estado: 'otro' } : { estado: 'cargando' });
  // null: fit the frame (a picture whole, a PDF page's width); a number: that scale (1 = 100 %).
  const [zoom, setZoom] = useState<number | null>(null);
  const [escala, setEscala] = useState(1);
  const [giro, setGiro] = useState(0);
  const [pagina, setPagina] = useState(1);
  const { ref: areaRef, width: ancho, height: alto } = useElementSize<HTMLDivElement>();
  const { cargar } = documento;

  useEffect(() => {
    if (tipo === 'otro') return;
    let isCurrent = true;
    let liberar = () => {};
    (async () => {
      const blob = await cargar();
      if (!isCurrent) return;
      if (tipo === 'imagen') {
        const url = URL.createObjectURL(blob);
        liberar = () => URL.revokeObjectURL(url);
        setContenido({ estado: 'imagen', url });
        return;
      }
      const { abrirPdf } = await import('../lib/pdf');
      const bytes = await blob.arrayBuffer();
      if (!isCurrent) return;
      const tarea = abrirPdf(bytes);
      liberar = () => void tarea.destroy();
      const pdf = await tarea.promise;
      if (isCurrent) setContenido({ estado: 'pdf', pdf });
    })().catch(() => {
      if (isCurrent) setContenido({ estado: 'error' });
    });
    return () => {
      isCurrent = false;
      liberar();
    };
  }, [tipo, cargar]);

  const paginas = contenido.estado === 'pdf' ? contenido.pdf.numPages : 0;
  // Left/right arrows and Page Up/Down: a PDF's pages, elsewhere the previous/next document (up/down still scroll).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // The page beside the side panel keeps its own arrows.
      const isDelVisor = event.target === document.body || (event.target instanceof HTMLElement && event.target.closest('[data-visor]') !== null);
      if (!isDelVisor || (event.target instanceof HTMLElement && event.target.closest('input, textarea, select'))) return;
      const paso = ({ ArrowRight: 1, PageDown: 1, ArrowLeft: -1, PageUp: -1 } as Record<string, number>)[event.key];
      if (!paso) return;
      event.preventDefault();
      if (paginas > 0) setPagina((actual) => Math.min(Math.max(actual + paso, 1), paginas));
      else onPaso(paso);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [paginas, onPaso]);

  const onPdfError = useCallback(() => setContenido({ estado: 'error' }), []);
  const muestra = contenido.estado === 'imagen' || contenido.estado === 'pdf';
  const cambiarZoom = (factor: number) => setZoom(Math.min(Math.max(escala * factor, ZOOM_MIN), ZOOM_MAX));

  return (
    <>
      {muestra && (
        <Group gap="xs" justify="space-between" wrap="wrap">
          {contenido.estado === 'pdf' ? (
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Página anterior"
                title="Página anterior"
                disabled={pagina <= 1}
                onClick={() => setPagina(pagina - 1)}
              >
                <IconChevronLeft size={18} />
              </ActionIcon>
              <Text size="sm" aria-live="polite" miw={110} ta="center">
                Página {pagina} de {paginas}
              </Text>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Página siguiente"
                title="Página siguiente"
                disabled={pagina >= paginas}
                onClick={() => setPagina(pagina + 1)}
              >
                <IconChevronRight size={18} />
              </ActionIcon>
            </Group>
          ) : (
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Girar 90°"
              title="Girar 90°"
              onClick={() => setGiro((actual) => (actual + 90) % 360)}
            >
              <IconRotateClockwise size={18} />
            </ActionIcon>
          )}
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Reducir"
              title="Reducir"
              disabled={escala <= ZOOM_MIN}
              onClick={() => cambiarZoom(1 / ZOOM_PASO)}
            >
              <IconZoomOut size={18} />
            </ActionIcon>
            <Text size="sm" miw={52} ta="center" data-testid="visor-zoom">
              {porcentaje(escala)}
            </Text>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Ampliar"
              title="Ampliar"
              disabled={escala >= ZOOM_MAX}
              onClick={() => cambiarZoom(ZOOM_PASO)}
            >
              <IconZoomIn size={18} />
            </ActionIcon>
            <Button
              variant={zoom === null ? 'light' : 'subtle'}
              size="compact-sm"
              aria-pressed={zoom === null}
              onClick={() => setZoom(null)}
            >
              Ajustar
            </Button>
            <Button variant={zoom === 1 ? 'light' : 'subtle'} size="compact-sm" aria-pressed={zoom === 1} onClick={() => setZoom(1)}>
              100 %
            </Button>
          </Group>
        </Group>
      )}
      <div
        ref={areaRef}
        role="region"
        aria-label={`Vista de ${documento.nombre}`}
        tabIndex={0}
        style={{
          display: 'flex',
          overflow: 'auto',
          ...ALTO_DEL_MARCO[marco],
          background: 'var(--mantine-color-default-hover)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        {contenido.estado === 'cargando' && <Loader m="auto" role="status" aria-label="Cargando el documento" />}
        {contenido.estado === 'error' && (
          <Text m="auto" p="md" ta="center" role="alert">
            No se pudo mostrar el documento. Puede descargarlo.
          </Text>
        )}
        {contenido.estado === 'otro' && (
          <Text m="auto" p="md" ta="center">
            Este tipo de archivo no se puede ver aquí. Descárguelo para abrirlo.
          </Text>
        )}
        {contenido.estado === 'imagen' && (
          <VistaImagen
            url={contenido.url}
            nombre={documento.nombre}
            zoom={zoom}
            giro={giro}
            ancho={ancho}
            alto={alto}
            onEscala={setEscala}
          />
        )}
        {contenido.estado === 'pdf' && (
          <VistaPdf
            pdf={contenido.pdf}
            nombre={documento.nombre}
            pagina={pagina}
            zoom={zoom}
            ancho={ancho}
            onEscala={setEscala}
            onError={onPdfError}
          />
        )}
      </div>
    </>
  );
}

/** A picture sized by hand so that a quarter turn keeps it whole in the frame ('Ajustar') or at its scale. */
function VistaImagen({
  url,
  nombre,
  zoom,
  giro,
  ancho,
  alto,
  onEscala,
}: {
  url: string;
  nombre: string;
  zoom: number | null;
  giro: number;
  ancho: number;
  alto: number;
  onEscala: (escala: number) => void;
}) {
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const isQuarterTurn = giro % 180 !== 0;
  const caja = natural && (isQuarterTurn ? { width: natural.height, height: natural.width } : natural);
  const escala = zoom ?? (caja && ancho > 0 && alto > 0 ? Math.min(ancho / caja.width, alto / caja.height) : 1);
  useEffect(() => onEscala(escala), [escala, onEscala]);
  const alt = `Documento ${nombre}`;
  const onLoad = (event: React.SyntheticEvent<HTMLImageElement>) =>
    setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight });
  if (!natural || !caja) {
    return (
      <img
        src={url}
        alt={alt}
        onLoad={onLoad}
        style={{ margin: 'auto', maxWidth: '100%', maxHeight: '100%', transform: `rotate(${giro}deg)` }}
      />
    );
  }
  return (
    <div style={{ position: 'relative', flex: 'none', margin: 'auto', width: caja.width * escala, height: caja.height * escala }}>
      <img
        src={url}
        alt={alt}
        style={{
          position: 'absolute',
          left: '50%',
          top: '50%',
          width: natural.width * escala,
          height: natural.height * escala,
          maxWidth: 'none',
          transform: `translate(-50%, -50%) rotate(${giro}deg)`,
        }}
      />
    </div>
  );
}

/** One page of a PDF drawn on a canvas at the device's pixel ratio; 'Ajustar' is the page's width in the frame. */
function VistaPdf({
  pdf,
  nombre,
  pagina,
  zoom,
  ancho,
  onEscala,
  onError,
}: {
  pdf: PDFDocumentProxy;
  nombre: string;
  pagina: number;
  zoom: number | null;
  ancho: number;
  onEscala: (escala: number) => void;
  onError: () => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (zoom === null && ancho === 0) return;
    let isCurrent = true;
    let tarea: RenderTask | null = null;
    pdf
      .getPage(pagina)
      .then((page) => {
        const canvas = canvasRef.current;
        if (!isCurrent || !canvas) return;
        const base = page.getViewport({ scale: 1 });
        // The frame's width less a scroll bar's, so that fitting does not itself make the page scroll sideways.
        const escala = zoom ?? Math.max((ancho - 16) / base.width, ZOOM_MIN);
        onEscala(escala);
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: escala * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
        canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
        tarea = page.render({ canvas, viewport });
        return tarea.promise;
      })
      .catch((error: unknown) => {
        if (isCurrent && !(error instanceof Error && error.name === 'RenderingCancelledException')) onError();
      });
    return () => {
      isCurrent = false;
      tarea?.cancel();
    };
  }, [pdf, pagina, zoom, ancho, onEscala, onError]);
  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={`Página ${pagina} de ${pdf.numPages} de ${nombre}`}
      style={{ margin: 'auto', flex: 'none', background: 'white', boxShadow: 'var(--mantine-shadow-sm)' }}
    />
  );
}
