-- Whether a user's password is the well-known default one (`admin123`, what a first start without ADMIN_PASSWORD
-- gives the admin outside production): the admin screens advise changing it while it is. Set wherever a password is
-- set (first start, registration, change, reset). Accounts created before this migration start at false.
ALTER TABLE "users" ADD COLUMN "default_password" boolean DEFAULT false NOT NULL;
