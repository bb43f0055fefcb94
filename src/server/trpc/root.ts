// The root tRPC router, derived from the declared operations (decision 211): one sub-router per module, one
// procedure per declaration (REST-only ones aside).
import { operationGroups } from '../operations/registry';
import { proceduresOf, type ProceduresOf } from '../operations/trpc-door';
import { router } from './init';

type Groups = typeof operationGroups;
type DerivedRouters = { [G in keyof Groups]: ReturnType<typeof router<ProceduresOf<Groups[G]>>> };

export const appRouter = router(
  Object.fromEntries(
    Object.entries(operationGroups).map(([name, group]) => [name, router(proceduresOf(group))]),
  ) as DerivedRouters,
);

export type AppRouter = typeof appRouter;
