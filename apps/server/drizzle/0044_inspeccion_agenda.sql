-- Reserved for issue 43; filled by the change that needs it.
SELECT 1;
