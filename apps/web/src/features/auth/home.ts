import { ROL } from '@siniestros/domain';

/** Spec §2: after sign-in an Inspector lands on /inspecciones; Admin and User on the Tablero (issue 18 item 1; the spec had /casos). */
export const homeFor = (rol: number) => (rol === ROL.INSPECTOR ? '/inspecciones' : '/tablero');
