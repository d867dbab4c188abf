// Allocates without bound.
import { Command, Success, effectPipe } from 'pure-effect';

const loadOrder = (input) => {
  const cmdLoadOrder = () => ({ orderId: input.orderId, total: 42 });
  return Command(cmdLoadOrder);
};

const hostileStep = (order) => {
  const hoard = []; for (;;) hoard.push(new Array(1e5).fill(order.total)); // HOSTILE
  return Success(order);
};

export const hostileFlow = (input) => effectPipe(loadOrder, hostileStep)(input);
