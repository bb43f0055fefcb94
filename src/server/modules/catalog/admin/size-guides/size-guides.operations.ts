// Staff size guides' operations (issue 26, staff only): the list, one guide, save (create or replace) and remove.
import { z } from 'zod';
import { StaffSizeGuideReply } from '#shared/dto/catalog';
import { SaveSizeGuideInput, SizeGuideTarget } from '#shared/schemas/size-guides';
import { mutation, query } from '#server/operations/define';
import * as guides from './size-guides.service';

export const sizeGuideOperations = {
  sizeGuides: query({
    access: 'staff',
    output: z.array(StaffSizeGuideReply),
    run: (caller) => guides.listSizeGuides(caller),
  }),
  sizeGuide: query({
    access: 'staff',
    output: StaffSizeGuideReply,
    input: SizeGuideTarget,
    run: (caller, input) => guides.sizeGuideOf(caller, input),
  }),
  saveSizeGuide: mutation({
    access: 'staff',
    output: StaffSizeGuideReply,
    input: SaveSizeGuideInput,
    run: (caller, input) => guides.saveSizeGuide(caller, input),
  }),
  deleteSizeGuide: mutation({
    access: 'staff',
    output: SizeGuideTarget,
    input: SizeGuideTarget,
    run: (caller, input) => guides.deleteSizeGuide(caller, input),
  }),
};
