// Answer shapes several declarations share, for the OpenAPI document's response schemas (decision 211).
import { z } from 'zod';

/** The spec's plain confirmation: { Message }. */
export const MessageReply = z.object({ Message: z.string() });

/** The error body every REST answer over 399 carries (http/errors.ts). */
export const ErrorReply = z.object({
  Message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
