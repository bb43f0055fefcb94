// Zod twins of the DTO interfaces (decision 211): the answer schemas /api/openapi.json documents. Documentation only:
// no door parses an answer with them; tests check real answers against them.
import type { z } from 'zod';

/** True when A and B are assignable both ways: the same shape. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * `twin<FooDto>()(z.object({...}))`: the schema, compiling only when its output and the interface are assignable both
 * ways, so neither can gain, lose or retype a field without the other.
 */
export const twin =
  <T>() =>
  <S extends z.ZodType>(schema: S, ..._same: Same<z.output<S>, T> extends true ? [] : [differs: 'from the DTO']): S =>
    schema;
