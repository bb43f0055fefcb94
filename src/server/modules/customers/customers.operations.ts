// The customers list (decision 256): every buyer, administrators only as the customers screen always was.
//   GET /api/Customers?page=&pageSize=&q=    { items, total, page, pageSize }
import { CustomerPageReply } from '../../../shared/dto/customers';
import { ListCustomersInput } from '../../../shared/schemas/paging';
import { query } from '../../operations/define';
import { pageCustomers } from './customers.service';

export const customersOperations = {
  page: query({
    access: 'admin',
    input: ListCustomersInput,
    output: CustomerPageReply,
    run: (caller, input) => pageCustomers(caller, input),
    rest: { method: 'GET', path: '/Customers', summary: 'Buyers (accounts, guests, phone orders) with their figures' },
  }),
};
