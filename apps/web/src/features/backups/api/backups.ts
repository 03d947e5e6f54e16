import { backupCreatedResponse, backupListResponse } from '@siniestros/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /backups (Admin): the complete backups kept, newest first. */
export function useBackups() {
  return useQuery({ queryKey: queryKeys.backups, queryFn: () => api.get(backupListResponse, '/backups') });
}

/** POST /backups (Admin): a backup of the running office; the list then shows it (and drops the oldest past BACKUP_KEEP). */
export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(backupCreatedResponse, '/backups'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.backups }),
  });
}
