// tRPC procedures of the overview module: parse -> service -> DTO.
import { router } from '../../trpc/init';

export const overviewRouter = router({});
