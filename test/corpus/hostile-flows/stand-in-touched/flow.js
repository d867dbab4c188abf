// Touches a stand-in import in pure code.
import { Command, Success, effectPipe } from 'pure-effect';
import { db } from './db';
const loadOrder = (input) => {
  const cmdLoadOrder = () => ({ orderId: input.orderId, total: 42 });
  return Command(cmdLoadOrder);
};

const hostileStep = (order) => {
  db.orders.update(order.orderId, { paid: true }); // HOSTILE
  return Success(order);
};

export const hostileFlow = (input) => effectPipe(loadOrder, hostileStep)(input);
