// Staff looks' operations (issue 37, decision 276; staff only, checked by the declaration on both doors): the list,
// one look, create, update, delete, and the look's photo (REST multipart, the `photo` file; tRPC removes it).
import { z } from 'zod';
import { StaffLookReply } from '#shared/dto/looks';
import { staffMessages } from '#shared/messages-staff';
import { LookIdInput, SaveLookInput, UpdateLookInput } from '#shared/schemas/looks';
import { AppError } from '#server/errors';
import { mutation, query } from '#server/operations/define';
import { pathIdAndBody, pathIds } from '#server/operations/rest-shapes';
import { files, isMultipart, readForm, withUploadSlot, type Form } from '../form';
import { filesRefusedError } from '../refused-files';
import { sortImages } from '../upload-check';
import * as looks from './looks-admin.service';

const byId = pathIds({ lookID: 'id' });
const noPhoto = () =>
  new AppError('BAD_REQUEST', staffMessages.dashboard.selectAtLeastOneImage, {
    photo: [staffMessages.dashboard.selectAtLeastOneImage],
  });

export const lookOperations = {
  looks: query({
    access: 'staff',
    output: z.array(StaffLookReply),
    run: (caller) => looks.listLooks(caller),
    rest: { method: 'GET', path: '/StaffLooks', inputIn: 'none' },
  }),
  look: query({
    access: 'staff',
    output: StaffLookReply,
    input: LookIdInput,
    run: (caller, input) => looks.lookById(caller, input.lookID),
    rest: { method: 'GET', path: '/StaffLooks/:id', input: byId },
  }),
  createLook: mutation({
    access: 'staff',
    output: StaffLookReply,
    input: SaveLookInput,
    run: (caller, input) => looks.createLook(caller, input),
    rest: { method: 'POST', path: '/Looks', status: 201 },
  }),
  updateLook: mutation({
    access: 'staff',
    output: StaffLookReply,
    input: UpdateLookInput,
    run: (caller, input) => looks.updateLook(caller, input),
    rest: { method: 'PUT', path: '/Looks/:id', ...pathIdAndBody('lookID', SaveLookInput) },
  }),
  deleteLook: mutation({
    access: 'staff',
    output: z.object({ lookID: z.number() }),
    input: LookIdInput,
    run: (caller, input) => looks.deleteLook(caller, input.lookID),
    rest: { method: 'DELETE', path: '/Looks/:id', input: byId },
  }),
  /** REST only (multipart, one `photo` file): re-encoded and stored as product pictures are. */
  setLookPhoto: mutation({
    access: 'staff',
    output: StaffLookReply,
    input: z.object({ lookID: z.number(), form: z.custom<() => Promise<Form>>(() => true) }),
    run: (caller, { lookID, form }) =>
      withUploadSlot(async () => {
        const list = files((await form()).photo);
        if (list.length !== 1) throw noPhoto();
        const { good, refused } = sortImages(list);
        if (refused.length) throw filesRefusedError(refused);
        return looks.setLookPhoto(caller, lookID, good[0]!.bytes);
      }),
    trpc: false,
    rest: {
      method: 'POST',
      path: '/Looks/:id/photo',
      inputIn: 'multipart',
      input: (req) => {
        if (!isMultipart(req.c)) throw noPhoto();
        return { lookID: req.id('id'), form: () => readForm(req.c, { maxFiles: 1 }) };
      },
    },
  }),
  removeLookPhoto: mutation({
    access: 'staff',
    output: StaffLookReply,
    input: LookIdInput,
    run: (caller, input) => looks.setLookPhoto(caller, input.lookID, null),
    rest: { method: 'DELETE', path: '/Looks/:id/photo', input: byId },
  }),
};
