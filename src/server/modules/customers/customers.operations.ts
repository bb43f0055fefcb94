// The customers list (decision 256): every buyer, administrators only as the customers screen always was.
//   GET /api/Customers?page=&pageSize=&q=    { items, total, page, pageSize }
//   GET /api/Customers/history?phone=&email=  { orders, delivered, refused, cancelled, returned, phoneBlocked }
//     (staff: the order screen's refusal-risk card, decision 272)
import { CustomerPageReply } from '#shared/dto/customers';
import { ListCustomersInput } from '#shared/schemas/paging';
import { query } from '#server/operations/define';
import { BuyerHistoryReply } from '#shared/dto/cod-risk';
import { BuyerHistoryInput } from '#shared/schemas/cod-risk';
import { customerHistory, pageCustomers } from './customers.service';

export const customersOperations = {
  page: query({
    access: 'admin',
    input: ListCustomersInput,
    output: CustomerPageReply,
    run: (caller, input) => pageCustomers(caller, input),
    rest: { method: 'GET', path: '/Customers', summary: 'Buyers (accounts, guests, phone orders) with their figures' },
  }),
  history: query({
    access: 'staff',
    input: BuyerHistoryInput,
    output: BuyerHistoryReply,
    run: (caller, input) => customerHistory(caller, input),
    rest: { method: 'GET', path: '/Customers/history', summary: "A phone's (and e-mail's) orders and refusals" },
  }),
};
