// tRPC procedures of the users module: parse -> service -> DTO.
import { router } from '../../trpc/init';

export const usersRouter = router({});
