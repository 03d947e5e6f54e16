import { useEffect } from 'react';
import { useMantineColorScheme } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Preferencias, PreferenciasUpdate } from '@siniestros/domain';
import { aplicarDensidad, densidadLocal } from '../../../lib/preferencias-local';
import { notifyApiError } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { PREFERENCIAS_KEY, preferenciasQuery } from '../api/get-preferencias';
import { useSavePreferencias } from '../api/save-preferencias';

const SAVE_ERROR = 'No se pudieron guardar las preferencias.';

/** Puts the user's look on the page: Mantine's scheme (and this browser's copy of it) and the rows' density. */
function useAplicar() {
  const { setColorScheme } = useMantineColorScheme();
  return (preferencias: Preferencias) => {
    setColorScheme(preferencias.esquema);
    aplicarDensidad(preferencias.densidad);
  };
}

/**
 * The signed-in user's colour scheme and row density (docs/decisions/101). The server's answer
 * wins over this browser's copy (another browser may have changed it); a change shows at once and
 * goes back, with a message, when the server refuses it.
 */
export function usePreferencias() {
  const session = useSession();
  const queryClient = useQueryClient();
  const { colorScheme } = useMantineColorScheme();
  const isOnline = Boolean(session.data) && !session.data?.sinConexion;
  const { data } = useQuery({ ...preferenciasQuery, enabled: isOnline });
  const save = useSavePreferencias();
  const aplicar = useAplicar();

  useEffect(() => {
    if (data) aplicar(data);
    // aplicar is new each render; the data alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  const actuales: Preferencias = data ?? { esquema: colorScheme, densidad: densidadLocal() };
  const cambiar = (values: PreferenciasUpdate) => {
    const antes = actuales;
    queryClient.setQueryData<Preferencias>(PREFERENCIAS_KEY, { ...antes, ...values });
    save.mutate(values, {
      onError: (error) => {
        queryClient.setQueryData<Preferencias>(PREFERENCIAS_KEY, antes);
        notifyApiError(error, SAVE_ERROR);
      },
    });
  };
  return { ...actuales, cambiar };
}

/** At sign-in, before the first screen: the user's look read from the server and put on the page, so it does not flash. */
export function useCargarPreferencias() {
  const queryClient = useQueryClient();
  const aplicar = useAplicar();
  return async () => {
    const preferencias = await queryClient.fetchQuery(preferenciasQuery).catch(() => null);
    if (preferencias) aplicar(preferencias);
  };
}
