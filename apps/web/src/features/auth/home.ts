import { ROL } from '@siniestros/domain';

/** Spec §2: after sign-in an Inspector lands on /inspecciones, everyone else on /casos. */
export const homeFor = (rol: number) => (rol === ROL.INSPECTOR ? '/inspecciones' : '/casos');
