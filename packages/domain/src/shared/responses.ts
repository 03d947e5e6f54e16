import { z } from 'zod';

/** Every 4xx and 5xx body: a Spanish message safe to show, and the fields at fault when there are some. */
export const apiErrorResponse = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** A refusal's stable name where a client acts on it (the offline close's, docs/decisions/091). */
  code: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorResponse>;

/** A write that answers with its toast text only. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** A write that answers with its toast text and the saved row under `data`. */
export const savedResponse = <T extends z.ZodType>(row: T) => z.object({ message: z.string(), data: row });

/** A write that answers with its toast text beside the saved row's own fields. */
export const withMessage = <Shape extends z.ZodRawShape>(row: z.ZodObject<Shape>) => row.extend({ message: z.string() });

/** A numeric column (two decimals) as the database driver returns it: a string. */
export const decimalString = z.string();
