/** Request lines as the amount engine takes them (their `type` and `tax` are checked beforehand). */
import type { DocumentItemInput } from '../document-create.schema';
import type { AmountItemInput } from './amount.types';

export function toAmountItems(items: readonly DocumentItemInput[] | undefined): AmountItemInput[] {
  return (items ?? []).map((item, i) => {
    if (item.type === undefined || item.tax === undefined) throw new Error(`BUG: items[${i}] sin type o tax (debió validarse antes)`);
    return { type: item.type, quantity: item.quantity, unitCode: item.unitCode, unitPrice: item.unitPrice, discount: item.discount, tax: item.tax, taxes: item.taxes };
  });
}
