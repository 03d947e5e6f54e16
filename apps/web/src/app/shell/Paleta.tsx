import { useEffect, useRef, useState } from 'react';
import { Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight, useSpotlight } from '@mantine/spotlight';
import '@mantine/spotlight/styles.css';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DENSIDADES, ESQUEMAS_COLOR, PREFERENCIAS_TEXTS } from '@siniestros/domain';
import { useAccionesDePantalla } from '../../lib/acciones-paleta';
import { ATAJOS } from '../../lib/atajos';
import { queryKeys } from '../../lib/query-keys';
import { casoUrl, EMPTY_FILTRO, filterCasos } from '../../features/casos';
import { usePreferencias } from '../../features/preferencias';
import classes from './Paleta.module.css';
import { busquedaDeCaso, CASOS_EN_PALETA, describirCaso, filtrarComandos, numeroDeCaso, pantallasPara, type Comando } from './paleta';

const [store, paleta] = createSpotlight();
const SEARCH_DEBOUNCE_MS = 150;

/** Marks the list's first choice as the one Enter takes (Spotlight does it only as the query changes). */
function seleccionarPrimera() {
  const list = document.getElementById(store.getState().listId);
  list?.querySelector('[data-selected]')?.removeAttribute('data-selected');
  list?.querySelector('[data-action]')?.setAttribute('data-selected', 'true');
  store.updateState((state) => ({ ...state, selected: 0 }));
}

/** The quick search's own request and cache entry (POST /casos/filtro, page 1): what the benchmark measures. */
function useCasosDeLaPaleta(texto: string | null) {
  const filtro = { ...EMPTY_FILTRO, busquedaRapida: texto ?? '' };
  return useQuery({
    queryKey: queryKeys.casos.filter(filtro, 1),
    queryFn: () => filterCasos(filtro, 1),
    enabled: texto !== null,
    staleTime: 30_000,
    retry: false,
  });
}

function Grupo({ label, comandos }: { label: string; comandos: Comando[] }) {
  if (comandos.length === 0) return null;
  return (
    <Spotlight.ActionsGroup label={label}>
      {comandos.map((comando) => (
        <Spotlight.Action key={comando.id} label={comando.label} description={comando.description} onClick={comando.run} />
      ))}
    </Spotlight.ActionsGroup>
  );
}

/**
 * The command palette (issue 44 item 5, docs/decisions/100), Ctrl/⌘+K anywhere in the office's
 * screens: a case by number, plate, claim number, DNI or name through the quick search, a screen
 * of the role's menu, an action of the open screen, the colour scheme and density, the shortcuts.
 */
export function Paleta({ rol, onAyuda }: { rol: number; onAyuda: () => void }) {
  const navigate = useNavigate();
  const preferencias = usePreferencias();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const texto = busquedaDeCaso(debounced);
  const casos = useCasosDeLaPaleta(texto);
  const isPending = busquedaDeCaso(query) !== null && (debounced !== query || casos.isFetching);
  // Enter pressed before the search answered: the first case found is opened when it does.
  const abrirAlLlegar = useRef<string | null>(null);

  // However it closed (a choice, Escape, a case opened from here), it opens again empty.
  const { opened } = useSpotlight(store);
  useEffect(() => {
    // Spotlight clears its own text only when its modal closes itself; this text is ours.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (!opened) setQuery('');
  }, [opened]);

  const abrirCaso = (id: number) => navigate(casoUrl(id));
  const encontrados: Comando[] =
    texto !== null && debounced === query
      ? (casos.data?.cases ?? []).slice(0, CASOS_EN_PALETA).map((caso) => ({ id: `caso-${caso.id}`, ...describirCaso(caso), run: () => abrirCaso(caso.id) }))
      : [];
  const numero = numeroDeCaso(query);
  const porNumero: Comando[] = numero !== null && !encontrados.some((comando) => comando.id === `caso-${numero}`) ? [{ id: `numero-${numero}`, label: `Ir al caso ${numero}`, run: () => abrirCaso(numero) }] : [];

  const pantallas = pantallasPara(rol).map((pantalla) => ({ id: pantalla.to, label: pantalla.label, palabras: 'ir pantalla', run: () => navigate(pantalla.to) }));
  const apariencia: Comando[] = [
    ...ESQUEMAS_COLOR.map((esquema) => ({ id: `esquema-${esquema}`, label: `Modo de color: ${PREFERENCIAS_TEXTS.esquema[esquema]}`, palabras: 'tema apariencia', run: () => preferencias.cambiar({ esquema }) })),
    ...DENSIDADES.map((densidad) => ({ id: `densidad-${densidad}`, label: `Filas: ${PREFERENCIAS_TEXTS.densidad[densidad]}`, palabras: 'densidad apariencia', run: () => preferencias.cambiar({ densidad }) })),
  ];
  const ayuda: Comando[] = [{ id: 'atajos', label: ATAJOS.ayuda.texto, palabras: 'ayuda teclado', run: onAyuda }];
  const acciones = useAccionesDePantalla()
    .filter((accion) => !accion.isSoloAlBuscar || query.trim() !== '')
    .map((accion) => ({ ...accion, id: `accion-${accion.id}` }));
  const grupos: [string, Comando[]][] = [
    ['Casos', [...porNumero, ...encontrados]],
    ['Acciones', filtrarComandos(query, acciones)],
    ['Pantallas', filtrarComandos(query, pantallas)],
    ['Apariencia', filtrarComandos(query, apariencia)],
    ['Ayuda', filtrarComandos(query, ayuda)],
  ];
  // Said here, not by Spotlight.Empty: that one is decided as the text changes, before the cases arrive.
  const isEmpty = !isPending && grupos.every(([, comandos]) => comandos.length === 0);

  const firstCaseId = encontrados[0]?.id;
  useEffect(() => {
    if (firstCaseId === undefined) return;
    const pedido = abrirAlLlegar.current;
    abrirAlLlegar.current = null;
    if (pedido !== null && pedido === texto) {
      paleta.close();
      abrirCaso(Number(firstCaseId.slice('caso-'.length)));
      return;
    }
    // The list changed under the search box: the first choice is the one Enter takes.
    seleccionarPrimera();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstCaseId, texto]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Enter' || !isPending) return;
    // A command chosen for this text is taken now; with none, the first case the search finds.
    if (document.getElementById(store.getState().listId)?.querySelector('[data-selected]')) return;
    abrirAlLlegar.current = busquedaDeCaso(query);
  };

  return (
    <Spotlight.Root store={store} query={query} onQueryChange={setQuery} shortcut={['mod + K']} scrollable maxHeight={480} classNames={{ action: classes.action }}>
      <Spotlight.Search aria-label="Buscar casos, pantallas y acciones" placeholder="Caso, dominio, siniestro, DNI, nombre o pantalla…" leftSection={<IconSearch size={18} />} onKeyDown={onKeyDown} />
      <Spotlight.ActionsList aria-label="Resultados">
        {isPending && (
          <Text size="sm" c="dimmed" px="md" py="xs" role="status">
            <Loader size="xs" mr="xs" /> Buscando casos…
          </Text>
        )}
        {grupos.map(([label, comandos]) => (
          <Grupo key={label} label={label} comandos={comandos} />
        ))}
        {isEmpty && (
          <Text size="sm" c="dimmed" ta="center" py="md" role="status">
            Nada coincide con lo escrito.
          </Text>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}

export default Paleta;
