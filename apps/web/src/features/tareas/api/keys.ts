/** The Diario's query keys: every task list sits under ['tareas']. */
export const tareasKeys = {
  all: ['tareas'] as const,
  caso: (idCaso: number) => ['tareas', 'caso', idCaso] as const,
  mias: (vista: string, equipo: boolean, page: number) => ['tareas', 'mias', vista, equipo, page] as const,
  asignables: ['tareas', 'asignables'] as const,
};

/** The case's history dialog reads under this key (features/historial): a task's change writes a row there. */
export const historialKey = (idCaso: number) => ['historial', idCaso] as const;
