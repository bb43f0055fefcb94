// The dashboard orders module's operations (staff only, decision 211).
import { ManualOrderInput } from '../../../shared/schemas/checkout';
import { ExportOrdersInput, ListOrdersInput, OrderIdInput, PrintOrdersInput } from '../../../shared/schemas/orders';
import { mutation, query } from '../../operations/define';
import { downloadReply, listReply, pathIds } from '../../operations/rest-shapes';
import { placeManualOrder } from '../checkout';
import * as svc from './orders.service';
import { exportFileName, exportOrdersCsv } from './orders-export.service';
import { OrderConfirmationReply } from '../../../shared/dto/checkout.schemas';
import { OrderReply, OrderSummaryReply, PrintOrdersReply } from '../../../shared/dto/orders.schemas';
import { z } from 'zod';

const byId = pathIds({ id: 'id' });

/** What the CSV export answers (http/csv.ts writes it). */
const CSV = 'text/csv; charset=utf-8';

export const ordersOperations = {
  /** The spec's array (at most LIST_CAP orders without a pageSize); the dashboard uses `page`. */
  list: query({
    access: 'staff',
    output: z.array(OrderSummaryReply),
    input: ListOrdersInput,
    run: (caller, input) => svc.listOrders(caller, input),
    trpc: (page) => page.items,
    rest: { method: 'GET', path: '/Orders', reply: listReply },
  }),
  /** One page of orders with the total (decision 134). */
  page: query({ access: 'staff', input: ListOrdersInput, run: (caller, input) => svc.pageOrders(caller, input) }),
  print: query({
    access: 'staff',
    input: PrintOrdersInput,
    output: PrintOrdersReply,
    run: (caller, input) => svc.printOrders(caller, input.ids),
  }),
  /** The orders as a CSV download (streamed). */
  exportCsv: query({
    access: 'staff',
    input: ExportOrdersInput,
    run: (caller, input) => exportOrdersCsv(caller, input),
    trpc: false,
    rest: {
      method: 'GET',
      path: '/Orders/export.csv',
      produces: CSV,
      reply: (_c, stream, input) => downloadReply(stream, exportFileName(input), CSV),
    },
  }),
  get: query({
    access: 'staff',
    output: OrderReply,
    input: OrderIdInput,
    run: (caller, input) => svc.getOrder(caller, input.id),
    rest: { method: 'GET', path: '/Orders/:id', input: byId },
  }),
  toggleStatus: mutation({
    access: 'staff',
    output: OrderReply,
    input: OrderIdInput,
    run: (caller, input) => svc.toggleOrderStatus(caller, input.id, caller.actor),
    rest: { method: 'PUT', path: '/Orders/UpdateStatus/:id', input: byId },
  }),
  cancel: mutation({
    access: 'staff',
    output: OrderReply,
    input: OrderIdInput,
    run: (caller, input) => svc.cancelOrder(caller, input.id, caller.actor),
    rest: { method: 'PUT', path: '/Orders/:id/Cancel', input: byId },
  }),
  markReturned: mutation({
    access: 'staff',
    output: OrderReply,
    input: OrderIdInput,
    run: (caller, input) => svc.returnOrder(caller, input.id, caller.actor),
    rest: { method: 'PUT', path: '/Orders/:id/Return', input: byId },
  }),
  remove: mutation({
    access: 'staff',
    output: z.object({ orderId: z.number(), restockedUnits: z.number() }),
    input: OrderIdInput,
    run: (caller, input) => svc.deleteOrder(caller, input.id, caller.actor),
    rest: { method: 'DELETE', path: '/Orders/:id', input: byId },
  }),
  /** The manual order builder: the storefront's checkout service, recorded as entered by this staff member; the
   *  e-mail may stay empty (phone and Instagram orders, decision 221). */
  placeManual: mutation({
    access: 'staff',
    input: ManualOrderInput,
    output: OrderConfirmationReply,
    run: (caller, input) => placeManualOrder(caller, caller.actor, input),
  }),
};
