import { useEffect, useState, type ReactNode } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CASO_MESSAGES, casoFullUpdateSchema, type CasoDetalle } from '@siniestros/domain';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateCaso } from '../api/update-caso';
import { keepEditsOnServerCopy, resetCasoForm, type CasoForm as CasoFormType } from '../hooks/use-caso-form';
import { AseguradoSection } from './AseguradoSection';
import { CasoDatosSection } from './CasoDatosSection';
import { TercerosSection } from './TercerosSection';
import { notifySaveError, notifyValidationErrors } from './validation-toasts';
import classes from './CasoForm.module.css';
import { queryKeys } from '../../../lib/query-keys';
import { ApiError } from '../../../lib/api';
import { StaleCasoDialog } from './StaleCasoDialog';

/**
 * Spec §2 case detail, main form: case data, insured party and third parties, saved with ONE
 * PATCH /casos/{id} (decision 000). 'X' closes the window: the detail opens in its own tab.
 */
export function CasoForm({ form, detalle, barStart }: { form: CasoFormType; detalle: CasoDetalle; barStart?: ReactNode }) {
  const idCaso = detalle.caso.id;
  const update = useUpdateCaso(idCaso);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const dirty = form.isDirty();
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);

  // Closing or reloading the tab with unsaved edits asks the browser's own confirmation first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const submit = form.onSubmit(
    (values) => {
      const body = casoFullUpdateSchema.parse(values);
      update.mutate(body, {
        onSuccess: (response) => {
          notifySuccess(response.message || CASO_MESSAGES.updated);
          const fresh = queryClient.getQueryData<CasoDetalle>(queryKeys.caso(idCaso));
          if (fresh) resetCasoForm(form, fresh);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409 && isStaleMessage(error.message)) setStale(error.message);
          else notifySaveError(error, CASO_MESSAGES.loadError);
        },
      });
    },
    (errors) => notifyValidationErrors(errors),
  );

  /** Reads the case again, then puts the form on it: with the person's edits on top, or without them. */
  const reload = async (keepMine: boolean) => {
    setReloading(true);
    try {
      await queryClient.refetchQueries({ queryKey: queryKeys.caso(idCaso), exact: true });
      const fresh = queryClient.getQueryData<CasoDetalle>(queryKeys.caso(idCaso));
      if (fresh) (keepMine ? keepEditsOnServerCopy : resetCasoForm)(form, fresh);
      setStale(null);
    } finally {
      setReloading(false);
    }
  };

  const closeWindow = () => {
    window.close();
    // A tab the app did not open cannot close itself: go back to the list instead.
    setTimeout(() => {
      if (!window.closed) navigate('/casos');
    }, 200);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Datos del caso">
      {stale && <StaleCasoDialog message={stale} busy={reloading} onKeepMine={() => void reload(true)} onDiscardMine={() => void reload(false)} />}
      <Stack>
        <CasoDatosSection form={form} detalle={detalle} />
        <AseguradoSection form={form} tDoc={detalle.tDoc} />
        <Title order={4}>Terceros</Title>
        <TercerosSection form={form} tDoc={detalle.tDoc} />
        {/* `barStart`: what the detail keeps in reach at the start of the bar ('Ver Historial'). */}
        <Group justify="flex-end" className={classes.saveBar} data-testid="caso-save-bar">
          {barStart}
          <Text size="sm" className={classes.unsaved} role="status" aria-live="polite">
            {dirty ? CASO_MESSAGES.unsaved : ''}
          </Text>
          <Button variant="default" onClick={closeWindow} title="Cerrar ventana">
            X
          </Button>
          <Button type="submit" loading={update.isPending}>
            Grabar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const STALE_MESSAGES: readonly string[] = Object.values(CASO_MESSAGES.stale);
const isStaleMessage = (message: string) => STALE_MESSAGES.includes(message);
