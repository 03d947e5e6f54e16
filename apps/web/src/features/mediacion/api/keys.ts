export const audienciaKeys = {
  all: ['audiencias'] as const,
  caso: (idCaso: number) => ['audiencias', 'caso', idCaso] as const,
  list: (page: number, filtro: unknown, cuando: string) => ['audiencias', 'list', page, filtro, cuando] as const,
};
