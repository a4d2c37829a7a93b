import { z } from 'zod';

/** One step of a request's history (DESIGN §6): who took which action, from and to which status, when, why. */
export const ZWorkflowEvent = z.object({
  action: z.string(),
  from_status: z.number().int().nullable(),
  to_status: z.number().int(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type TWorkflowEvent = z.infer<typeof ZWorkflowEvent>;
