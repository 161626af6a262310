-- The street and house number of a customer account's address (asked at registration and on
-- the account's address page, with postcode, city and country). Accounts registered before
-- this column have none (NULL) until the customer enters it on the address page.
ALTER TABLE customers ADD COLUMN street TEXT CHECK (street IS NULL OR length(street) BETWEEN 1 AND 160);
