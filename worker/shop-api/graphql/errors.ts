import { GraphQLError } from "graphql";

/**
 * An error caused by the request (bad argument, unknown shop, ...). Its message is shown
 * to the client; every other error thrown by a resolver is logged and reported as
 * "Internal error".
 */
export class UserInputError extends GraphQLError {
  constructor(message: string) {
    super(message, { extensions: { code: "BAD_USER_INPUT" } });
    this.name = "UserInputError";
  }
}
