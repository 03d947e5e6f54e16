import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  convenioSlug,
  CONVENIO_TEMPLATES,
  plantillaListResponse,
  plantillaSavedResponse,
  plantillaRestoreSchema,
} from '@siniestros/domain';
import { api, bodyOf, qs, saveBlob } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function usePlantillas() {
  return useQuery({ queryKey: queryKeys.plantillas, queryFn: () => api.get(plantillaListResponse, '/plantillas') });
}

const slugOf = (id: number) => convenioSlug(CONVENIO_TEMPLATES.find((template) => template.id === id)!);

/** GET /plantillas/{id}/archivo?version=N: the .docx of that version, saved under the name the server gives it. */
export async function downloadPlantilla(id: number, version: number) {
  saveBlob(await api.getFile(`/plantillas/${id}/archivo${qs({ version })}`), `${slugOf(id)}_v${version}.docx`);
}

export const previewName = (id: number, version: number) => `Vista_previa_${slugOf(id)}_v${version}.docx`;

/** GET /plantillas/{id}/vista-previa?version=N: the version filled with the demo case. */
export async function previewPlantilla(id: number, version: number) {
  saveBlob(await api.getFile(`/plantillas/${id}/vista-previa${qs({ version })}`), previewName(id, version));
}

/** GET /plantillas/{id}/vista-previa/pdf?version=N: the same as PDF, for the viewer; 422 without LibreOffice (decision 099). */
export function fetchPreviewPdf(id: number, version: number): Promise<Blob> {
  return api.getFile(`/plantillas/${id}/vista-previa/pdf${qs({ version })}`);
}

export function useUploadPlantilla() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('archivo', file);
      return api.post(plantillaSavedResponse, `/plantillas/${id}`, form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.plantillas }),
  });
}

export function useRestorePlantilla() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      api.post(plantillaSavedResponse, `/plantillas/${id}/restaurar`, bodyOf(plantillaRestoreSchema, { version })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.plantillas }),
  });
}
