// The control: after any hostile replay, this one must reproduce, as if nothing had happened.
import { Command, Success, effectPipe } from 'pure-effect';

const loadOrder = (input) => {
  const cmdLoadOrder = () => ({ orderId: input.orderId, total: 42 });
  return Command(cmdLoadOrder);
};

export const hostileFlow = (input) => effectPipe(loadOrder, (order) => Success({ ...order, checked: JSON.stringify([1].map((x) => x + 1)) }))(input);
