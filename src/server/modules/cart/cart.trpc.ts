// tRPC procedures of the cart module: parse -> service -> DTO.
import { router } from '../../trpc/init';

export const cartRouter = router({});
