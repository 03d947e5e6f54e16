-- Reserved for issue 44; filled by the change that needs it.
SELECT 1;
