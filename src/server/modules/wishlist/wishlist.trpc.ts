// tRPC procedures of the wishlist module: parse -> service -> DTO.
import { router } from '../../trpc/init';

export const wishlistRouter = router({});
