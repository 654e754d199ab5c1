-- Preferred UI locale of an account ("en", "zh"): the language of its e-mails. NULL means English.
ALTER TABLE "User" ADD COLUMN "locale" TEXT;
