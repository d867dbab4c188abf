// fetch() at module top level.
import { Command, Success } from 'pure-effect';

fetch('__SINK__/fetch-top-level'); // HOSTILE

export const hostileFlow = (input) => {
  const cmdLoadOrder = () => ({ orderId: input.orderId });
  return Command(cmdLoadOrder, (order) => Success(order));
};
