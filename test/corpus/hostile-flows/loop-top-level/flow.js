// An infinite loop while the module loads.
import { Command, Success } from 'pure-effect';

for (;;) {} // HOSTILE

export const hostileFlow = (input) => {
  const cmdLoadOrder = () => ({ orderId: input.orderId });
  return Command(cmdLoadOrder, (order) => Success(order));
};
