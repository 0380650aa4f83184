import type { z } from "zod";

/**
 * A REST resource schema's refusal of an input, as the API answers it (`400 rest_invalid_param`
 * naming the first parameter at fault) and as a form shows it before sending: one message for both.
 * Its translations are `rest.errors.rest_invalid_param` in `i18n/`.
 */
export type FieldRefusal = { code: "rest_invalid_param"; param: string; message: string };

export function fieldRefusal(error: z.ZodError, otherwise = "undefined"): FieldRefusal {
  const param = String(error.issues[0]?.path[0] ?? otherwise);
  return { code: "rest_invalid_param", param, message: `Invalid parameter: ${param}` };
}
