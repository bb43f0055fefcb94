// tRPC procedures of the contact module: parse -> service -> DTO.
import { router } from '../../trpc/init';

export const contactRouter = router({});
