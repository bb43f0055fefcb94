// The dashboard orders module's operations (staff only, decision 211).
import { PlaceOrderInput } from '#shared/schemas/checkout';
import {
  CourierCsvInput,
  CourierIdInput,
  CourierInput,
  EditOrderInput,
  ExportOrdersInput,
  ListOrdersInput,
  OrderIdInput,
  OrderNoteInput,
  OrderDepositInput,
  PrintOrdersInput,
  ShipOrderInput,
  UpdateCourierInput,
} from '#shared/schemas/orders';
import { mutation, query } from '#server/operations/define';
import { bodyWithId, downloadReply, listReply, pathIds } from '#server/operations/rest-shapes';
import { editOrder, placeManualOrder } from '../checkout';
import * as couriers from './couriers.service';
import { courierCsv, courierCsvName } from './courier-csv.service';
import * as stages from './order-stages.service';
import * as svc from './orders.service';
import { exportFileName, exportOrdersCsv } from './orders-export.service';
import { OrderConfirmationReply } from '#shared/dto/checkout';
import { CourierReply, OrderReply, OrderSummaryReply, PrintOrdersReply, StageCountsReply } from '#shared/dto/orders';
import { z } from 'zod';

const byId = pathIds({ id: 'id' });

/** What the CSV export answers (lib/csv.ts writes it). */
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
  /** The courier hand-off CSV of the selected orders (decision 229). */
  courierCsv: query({
    access: 'staff',
    input: CourierCsvInput,
    run: (caller, input) => courierCsv(caller, input.ids),
    trpc: false,
    rest: {
      method: 'GET',
      path: '/Orders/courier.csv',
      produces: CSV,
      input: (req) => ({ ids: (req.query().ids ?? '').split(',').map(Number) }),
      reply: (_c, stream) => downloadReply(stream, courierCsvName(), CSV),
    },
  }),
  /** Live pending orders per stage (the list's count badges). */
  stageCounts: query({
    access: 'staff',
    output: StageCountsReply,
    run: (caller) => stages.stageCounts(caller),
    rest: { method: 'GET', path: '/Orders/stage-counts' },
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
  /** Stage moves (decision 229): 409 from the wrong stage, nothing written. */
  confirm: mutation({
    access: 'staff',
    output: OrderReply,
    input: OrderIdInput,
    run: (caller, input) => stages.moveOrderStage(caller, input.id, 'confirm', caller.actor),
    rest: { method: 'PUT', path: '/Orders/:id/Confirm', input: byId },
  }),
  noAnswer: mutation({
    access: 'staff',
    output: OrderReply,
    input: OrderIdInput,
    run: (caller, input) => stages.moveOrderStage(caller, input.id, 'noAnswer', caller.actor),
    rest: { method: 'PUT', path: '/Orders/:id/NoAnswer', input: byId },
  }),
  pack: mutation({
    access: 'staff',
    output: OrderReply,
    input: OrderIdInput,
    run: (caller, input) => stages.moveOrderStage(caller, input.id, 'pack', caller.actor),
    rest: { method: 'PUT', path: '/Orders/:id/Pack', input: byId },
  }),
  /** A checkout from a blocked phone waits for staff until released (decision 272): 409 when not held. */
  release: mutation({
    access: 'staff',
    output: OrderReply,
    input: OrderIdInput,
    run: (caller, input) => stages.releaseOrder(caller, input.id, caller.actor),
    rest: { method: 'PUT', path: '/Orders/:id/Release', input: byId },
  }),
  /** A deposit received by bank transfer (decision 277): the refusal rule's second requirement; audited. */
  recordDeposit: mutation({
    access: 'staff',
    output: OrderReply,
    input: OrderDepositInput,
    run: (caller, input) => stages.recordOrderDeposit(caller, input, caller.actor),
    rest: {
      method: 'PUT',
      path: '/Orders/:id/Deposit',
      input: bodyWithId('id'),
      summary: 'Records the deposit received by bank transfer ("10", "9,90"); the door collects the rest',
    },
  }),
  ship: mutation({
    access: 'staff',
    output: OrderReply,
    input: ShipOrderInput,
    run: (caller, input) => stages.shipOrder(caller, input, caller.actor),
    rest: { method: 'PUT', path: '/Orders/:id/Ship', input: bodyWithId('id') },
  }),
  addNote: mutation({
    access: 'staff',
    output: OrderReply,
    input: OrderNoteInput,
    run: (caller, input) => stages.addOrderNote(caller, input, caller.actor),
    rest: { method: 'POST', path: '/Orders/:id/Notes', input: bodyWithId('id') },
  }),
  /** Lines, quantities and address of a pending order not yet shipped; stock and totals on the server. */
  edit: mutation({
    access: 'staff',
    output: OrderReply,
    input: EditOrderInput,
    run: (caller, input) => editOrder(caller, input, caller.actor),
    rest: { method: 'PUT', path: '/Orders/:id/Lines', input: bodyWithId('id') },
  }),
  couriers: query({
    access: 'staff',
    output: z.array(CourierReply),
    run: (caller) => couriers.listCouriers(caller),
    rest: { method: 'GET', path: '/Couriers' },
  }),
  createCourier: mutation({
    access: 'staff',
    output: CourierReply,
    input: CourierInput,
    run: (caller, input) => couriers.createCourier(caller, input),
    rest: { method: 'POST', path: '/Couriers', status: 201 },
  }),
  updateCourier: mutation({
    access: 'staff',
    output: CourierReply,
    input: UpdateCourierInput,
    run: (caller, input) => couriers.updateCourier(caller, input),
    rest: { method: 'PUT', path: '/Couriers/:id', input: bodyWithId('courierId') },
  }),
  deleteCourier: mutation({
    access: 'staff',
    output: z.object({ courierId: z.number() }),
    input: CourierIdInput,
    run: (caller, input) => couriers.deleteCourier(caller, input.courierId),
    rest: { method: 'DELETE', path: '/Couriers/:id', input: pathIds({ courierId: 'id' }) },
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
    input: PlaceOrderInput,
    output: OrderConfirmationReply,
    run: (caller, input) => placeManualOrder(caller, caller.actor, input),
  }),
};
