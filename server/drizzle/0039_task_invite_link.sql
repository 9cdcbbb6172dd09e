-- A task that asks the earner to post their invitation link (on a messaging status, in a post)
-- shows that link on its proof page, with Copy and Share, so the earner never has to look for it on
-- the Team tab. Set per task by an operator; every existing task keeps its page as it was.
ALTER TABLE "tasks" ADD COLUMN "shows_invite_link" boolean DEFAULT false NOT NULL;
