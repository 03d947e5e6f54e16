import { useCallback, useMemo, useSyncExternalStore } from 'react';

/** Spec §2: a visited case id is highlighted green; remembered in this browser across reloads. */
const STORAGE_KEY = 'siniestros.casosVisitados';
const MAX_REMEMBERED = 1000;
const listeners = new Set<() => void>();

function readRaw(): string {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? '[]';
  } catch {
    return '[]';
  }
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  // Another tab (the case opened from the list) may mark cases too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

function parseIds(raw: string): number[] {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export function markCasoVisited(id: number) {
  const ids = parseIds(readRaw()).filter((visited) => visited !== id);
  ids.push(id);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(ids.slice(-MAX_REMEMBERED)));
  } catch {
    // Storage full or blocked: the highlight is a convenience only.
  }
  listeners.forEach((listener) => listener());
}

export function useVisitedCasos() {
  const raw = useSyncExternalStore(subscribe, readRaw, () => '[]');
  const visited = useMemo(() => new Set(parseIds(raw)), [raw]);
  const isVisited = useCallback((id: number) => visited.has(id), [visited]);
  return { isVisited, markVisited: markCasoVisited };
}
