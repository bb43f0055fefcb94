// tRPC procedures of the orders module: parse -> service -> DTO.
import { router } from '../../trpc/init';

export const ordersRouter = router({});
