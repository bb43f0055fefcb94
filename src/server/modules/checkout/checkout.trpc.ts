// tRPC procedures of the checkout module: parse -> service -> DTO.
import { router } from '../../trpc/init';

export const checkoutRouter = router({});
