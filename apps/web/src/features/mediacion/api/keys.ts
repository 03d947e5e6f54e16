export const audienciaKeys = {
  all: ['audiencias'] as const,
  caso: (idCaso: number) => ['audiencias', 'caso', idCaso] as const,
  list: (page: number, filtro: unknown) => ['audiencias', 'list', page, filtro] as const,
};
