import { useState } from 'react';
import { useLocalStorage } from '@mantine/hooks';

const STORAGE_KEY = 'siniestros.casosFiltrosAbiertos';

/**
 * The case list's filter panel, open or folded (docs/decisions/090): the person's own choice,
 * remembered in this browser; folded the first time. A list opened from a link with a filter
 * opens with the panel open, the link's filter in its fields (as before).
 */
export function useFiltrosAbiertos(isFromUrl: boolean) {
  const [stored, setStored] = useLocalStorage<boolean>({ key: STORAGE_KEY, defaultValue: false, getInitialValueInEffect: false });
  const [isExpanded, setExpanded] = useState(isFromUrl || stored);
  const set = (next: boolean) => {
    setExpanded(next);
    setStored(next);
  };
  return { isExpanded, toggle: () => set(!isExpanded), fold: () => set(false) };
}
