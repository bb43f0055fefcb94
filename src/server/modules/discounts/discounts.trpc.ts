// tRPC procedures of the discounts module: parse -> service -> DTO.
import { router } from '../../trpc/init';

export const discountsRouter = router({});
