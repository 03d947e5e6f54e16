/** Every life-cycle call answers the spec §8 message and the new status (API contract). */
export type LifecycleResponse = { message: string; id_estado: number };
