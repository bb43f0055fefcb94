// tRPC procedures of the catalog-admin module: parse -> service -> DTO.
import { router } from '../../trpc/init';

export const catalogAdminRouter = router({});
