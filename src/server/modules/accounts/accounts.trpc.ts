// tRPC procedures of the accounts module: parse -> service -> DTO.
import { router } from '../../trpc/init';

export const accountsRouter = router({});
