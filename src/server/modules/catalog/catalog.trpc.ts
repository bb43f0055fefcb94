// tRPC procedures of the catalog module: parse -> service -> DTO.
import { router } from '../../trpc/init';

export const catalogRouter = router({});
